import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Answers, Questionnaire } from '@moxa/core/physical/physical-contract';
import { scoreAnswers } from '@moxa/core/physical/scoring';
import { useConsentGate } from '../../../components/consent-gate.tsx';
import { Page } from '../../../components/page.tsx';
import { StatusView } from '../../../components/status-view.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { showToast } from '../../../lib/feedback.ts';
import { isLoggedIn } from '../../../lib/login-info.ts';
import { useQuestions } from '../api/get-questions.ts';
import { useSaveLocalResult } from '../hooks/use-save-local-result.ts';
import { physicalStore, type Draft, type LocalResult } from '../utils/physical-storage.ts';
import { Skeleton, Spinner } from './bits.tsx';
import '../physical.css';

/** Long enough to see the chosen answer light up before the next question slides in. */
const ADVANCE_DELAY_MS = 350;

type Phase = { kind: 'answering' } | { kind: 'saving' } | { kind: 'failed'; entry: LocalResult; message: string };

/**
 * /physical_question — one question at a time (issue #5). Every answer and the position are written
 * to the device at once, so a reload, a dead battery or a failed request loses nothing; the draft is
 * cleared only after the result is stored (on the device, or on the server).
 */
export function QuestionScreen() {
  const navigate = useNavigate();
  const [draft] = useState<Draft | null>(() => physicalStore.readDraft());

  useEffect(() => {
    if (!draft) void navigate('/physical', { replace: true });
  }, [draft, navigate]);

  const questions = useQuestions(draft?.gender);
  if (!draft) return <Page title="体质测试">{null}</Page>;
  if (questions.isPending) {
    return (
      <Page title="体质测试">
        <Skeleton cards={1} lines={3} />
        <Skeleton cards={1} lines={5} />
      </Page>
    );
  }
  if (questions.isError) {
    return (
      <Page title="体质测试">
        <StatusView
          kind="error"
          title="题目没有加载出来"
          description={`${errorMessage(questions.error)}。已答的题目都保存着，不会丢失。`}
          actions={[{ text: '重试', primary: true, onClick: () => void questions.refetch() }]}
        />
      </Page>
    );
  }
  return <QuestionFlow key={draft.gender} draft={draft} data={questions.data} />;
}

function QuestionFlow({ draft, data }: { draft: Draft; data: Questionnaire }) {
  const navigate = useNavigate();
  const { save } = useSaveLocalResult();
  const consent = useConsentGate('constitution');
  const list = data.questions;
  const total = list.length;
  const ids = new Set(list.map((q) => q.id));
  // Keep only answers that belong to this questionnaire (it may have been revised since).
  const [answers, setAnswers] = useState<Answers>(() => Object.fromEntries(Object.entries(draft.answers).filter(([id]) => ids.has(id))));
  const [index, setIndex] = useState(() => Math.min(draft.index, total - 1));
  const [chosen, setChosen] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'answering' });
  const busy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);

  const persist = (next: Answers, nextIndex: number) => {
    physicalStore.writeDraft({ gender: draft.gender, answers: next, index: nextIndex, total, updatedAt: Date.now() });
  };

  const goTo = (i: number) => {
    setIndex(i);
    setChosen(null);
    persist(answers, i);
    titleRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  };

  const upload = async (entry: LocalResult) => {
    setPhase({ kind: 'saving' });
    try {
      // Issue #27 item 15: the account keeps it only with the separate consent; 暂不保存 shows the
      // result kept on this phone, with 保存到我的记录 for later.
      const record = await consent.run(() => save(entry));
      if (!record) return void navigate(`/physical/detail?local=${encodeURIComponent(entry.key)}`, { replace: true });
      physicalStore.clearDraft();
      void navigate(`/physical/detail?id=${encodeURIComponent(record.id)}`, { replace: true });
    } catch (e) {
      setPhase({ kind: 'failed', entry, message: errorMessage(e) });
    }
  };

  const finish = (all: Answers) => {
    let result;
    try {
      result = scoreAnswers(list, draft.gender, all);
    } catch (e) {
      // Only possible with a damaged draft: go to the first unanswered question.
      const first = list.findIndex((q) => all[q.id] === undefined);
      void showToast((e as Error).message);
      goTo(first >= 0 ? first : 0);
      return;
    }
    const { entry, persisted } = physicalStore.addResult({
      createdAt: new Date().toISOString(),
      gender: draft.gender,
      version: data.version,
      answers: all,
      result,
    });
    if (persisted) physicalStore.clearDraft();
    if (isLoggedIn()) void upload(entry);
    else void navigate(`/physical/detail?local=${encodeURIComponent(entry.key)}`, { replace: true });
  };

  const answer = (value: number) => {
    if (busy.current) return;
    const q = list[index]!;
    const next = { ...answers, [q.id]: value };
    const last = index === total - 1;
    busy.current = true;
    setChosen(value);
    setAnswers(next);
    persist(next, index);
    timer.current = setTimeout(() => {
      busy.current = false;
      if (last) {
        const missing = list.findIndex((x) => next[x.id] === undefined);
        if (missing >= 0) goTo(missing);
        else finish(next);
        return;
      }
      setIndex(index + 1);
      setChosen(null);
      persist(next, index + 1);
      titleRef.current?.focus({ preventScroll: true });
      window.scrollTo({ top: 0 });
    }, ADVANCE_DELAY_MS);
  };

  if (phase.kind === 'saving') {
    return (
      <Page title="体质测试" back={false}>
        <Spinner label="正在计算并保存结果…" />
        {consent.sheet}
      </Page>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <Page title="体质测试" back={false}>
        <StatusView
          kind="error"
          title="结果已算好，但没能保存到我的记录"
          description={`${phase.message}。您的答案已保存在本机，可以重试，也可以先看结果。`}
          actions={[
            { text: '重试', primary: true, onClick: () => void upload(phase.entry) },
            {
              text: '先看结果',
              onClick: () => void navigate(`/physical/detail?local=${encodeURIComponent(phase.entry.key)}`, { replace: true }),
            },
          ]}
        />
      </Page>
    );
  }

  const q = list[index]!;
  const current = chosen ?? answers[q.id] ?? null;
  const answeredCount = Object.keys(answers).length;
  return (
    <Page title="体质测试">
      <div className="phy-progress">
        <p>
          <span>
            第 <b>{index + 1}</b> / {total} 题
          </span>
          <span className="muted small">已答 {answeredCount} 题 · 自动保存</span>
        </p>
        <div className="phy-bar" role="progressbar" aria-valuemin={1} aria-valuemax={total} aria-valuenow={index + 1} aria-label="答题进度">
          <span style={{ width: `${((index + 1) / total) * 100}%` }} />
        </div>
      </div>
      <section className="phy-question" aria-live="polite">
        {/* Announced with each new question (issue #18): where the reader is in the flow. */}
        <span className="visually-hidden">
          第 {index + 1} 题，共 {total} 题。
        </span>
        <p className="muted small">{data.intro}</p>
        <h2 ref={titleRef} tabIndex={-1} key={q.id}>
          {q.text}
        </h2>
      </section>
      <div className="phy-options" role="radiogroup" aria-label="请选择">
        {data.options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={current === o.value}
            className={current === o.value ? 'phy-option is-on' : 'phy-option'}
            onClick={() => answer(o.value)}
          >
            <span className="phy-option-label">{o.label}</span>
            <span className="phy-option-hint">{o.hint}</span>
          </button>
        ))}
      </div>
      <div className="phy-qnav">
        <button type="button" className="btn" disabled={index === 0 || chosen !== null} onClick={() => goTo(index - 1)}>
          上一题
        </button>
        {answers[q.id] !== undefined && chosen === null && (
          <button type="button" className="btn" onClick={() => (index === total - 1 ? finish(answers) : goTo(index + 1))}>
            {index === total - 1 ? '查看结果' : '下一题'}
          </button>
        )}
      </div>
    </Page>
  );
}
