import type { ReactNode } from 'react';
import { OperatorInfo } from '../../../components/operator-info.tsx';
import { NOT_CONFIGURED, useAbout } from '../../../lib/about.ts';

/** One numbered part of a policy page. */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card legal-part">
      <h2>{title}</h2>
      {children}
    </section>
  );
}

/** The operator's name inside a sentence: configured, or plainly 未配置. */
export function OperatorName() {
  const about = useAbout();
  return <>{about.data?.operatorName ?? `本服务的运营者（名称${about.isPending ? '' : NOT_CONFIGURED}）`}</>;
}

/** 联系我们, the last part of both pages. */
export function Contact() {
  return (
    <Part title="联系我们">
      <p>对本页内容有疑问，想行使上面的权利，或者要投诉、举报，请联系运营者。我们会在核实身份后 15 个工作日内答复。</p>
      <OperatorInfo />
    </Part>
  );
}
