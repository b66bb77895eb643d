import { describe, expect, it } from 'vitest';
import type { HastNode, RichText } from '@moxa/core/content/rich-text';
import { hasOwnNotice } from './own-notice.ts';

const el = (tagName: string, ...children: HastNode[]): HastNode => ({ type: 'element', tagName, children });
const t = (value: string): HastNode => ({ type: 'text', value });
const root = (...children: HastNode[]): RichText => ({ type: 'root', children });

describe('hasOwnNotice', () => {
  it('finds a quoted 注意 note that says it is no diagnosis', () => {
    const body = root(
      el('p', t('失眠是指…')),
      el('blockquote', el('p', el('strong', t('注意')), t('：本页为日常调理参考，不能代替医生的诊断和治疗。'))),
    );
    expect(hasOwnNotice(body)).toBe(true);
  });

  it('does not count other quotes, or the word outside a quote', () => {
    expect(hasOwnNotice(root(el('blockquote', el('p', t('灸后注意保暖。')))))).toBe(false);
    expect(hasOwnNotice(root(el('p', t('不能代替医生的诊断。'))))).toBe(false);
    expect(hasOwnNotice(root())).toBe(false);
  });
});
