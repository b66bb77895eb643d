import { createElement, useEffect, useRef, useState } from 'react';
import { acceptedTemplate } from '../utils/wechat-subscribe.ts';

/**
 * What the button inside WeChat's tag looks like: WeChat renders the tag's template in its own
 * shadow, so the app's styles do not reach it and it carries its own (large type for older eyes).
 */
const BUTTON = `<style>.b{display:block;width:100%;min-height:48px;border:1px solid #07c160;border-radius:10px;background:#fff;color:#06ad56;font-size:17px;font-weight:600}</style><button class="b">用微信提醒我</button>`;

type Props = {
  /** The course reminders' subscribe-message template (GET /api/v8/me/notification-preferences). */
  template: string;
  /** Called once the person allowed the message in WeChat's dialog. */
  onAccepted: () => void;
};

/**
 * Issue #31: inside WeChat, WeChat's own subscribe button (the JS-SDK open tag `wx-open-subscribe`,
 * made available by wx.config's openTagList in lib/wechat-share.ts). Tapping it opens WeChat's
 * dialog; only an allowed template lets the server send the course reminder there. Refusal or an
 * error leaves SMS as the choice, with a plain explanation.
 */
export function WechatSubscribe({ template, onAccepted }: Props) {
  const ref = useRef<HTMLElement>(null);
  const [outcome, setOutcome] = useState<'refused' | 'failed' | null>(null);
  // The JS-SDK must be configured with the open tag on this page (it has no share card to do it).
  useEffect(() => {
    void import('../../../lib/wechat-share.ts').then((m) => m.enableOpenTags());
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const success = (e: Event) => {
      if (acceptedTemplate((e as CustomEvent<{ subscribeDetails?: unknown }>).detail?.subscribeDetails, template)) {
        setOutcome(null);
        onAccepted();
      } else setOutcome('refused');
    };
    const error = () => setOutcome('failed');
    el.addEventListener('success', success);
    el.addEventListener('error', error);
    return () => {
      el.removeEventListener('success', success);
      el.removeEventListener('error', error);
    };
  }, [template, onAccepted]);
  return (
    <div className="crs-wechat">
      {createElement(
        'wx-open-subscribe',
        { ref, template, id: 'crs-subscribe', className: 'crs-wechat-tag' },
        <script type="text/wxtag-template" dangerouslySetInnerHTML={{ __html: BUTTON }} />,
      )}
      {outcome && (
        <p className="crs-error" role="alert">
          {outcome === 'refused' ? '您没有允许微信提醒。可以再点一次，或改用短信提醒。' : '微信订阅没有成功，请稍后再试，或改用短信提醒。'}
        </p>
      )}
    </div>
  );
}
