import { describe, expect, it } from 'vitest';
import { checkContent } from './index.ts';
import { fieldsOf, fixtureSources, fixtureTree, PRODUCT } from './test-fixtures.ts';

/** Issue #30: a review's product, its words and its consent; 关于我们's words and the brand's fields. */
const REVIEW = {
  id: 'li',
  product: 'moxa-stick',
  text: '盒子拿在手里不烫，晚上看电视时用很方便。',
  name: '李女士',
  source: { kind: 'channel', channel: '微信客服' },
  date: '2026-11-20',
  consent: true,
};

const findings = (files: Record<string, string>, registrationNo?: string) => {
  const sources = fixtureSources();
  if (registrationNo) fieldsOf(sources, PRODUCT).registrationNo = registrationNo;
  const tree = fixtureTree(sources);
  for (const [file, text] of Object.entries(files)) tree.set(file, text);
  return checkContent(tree).filter((f) => Object.hasOwn(files, f.file));
};
const review = (over: object) => findings({ 'reviews/li.json': JSON.stringify({ ...REVIEW, ...over }) });

describe('brand and review checks (issue #30)', () => {
  it('take a consented review of an ordinary product in plain words, and the empty seed brand', () => {
    expect(review({})).toEqual([]);
    expect(findings({ 'brand.md': "---\nid: brand\ncompanyName: ''\nicpNumber: ''\n---\n\n讲艾灸的手机网页。\n" })).toEqual([]);
  });

  it('refuse a review without consent or without a source, on the field, in Chinese', () => {
    expect(review({ consent: false })).toContainEqual(
      expect.objectContaining({ rule: 'schema', field: 'consent', message: '没有顾客同意公开，不能发布这条评价', blocking: true }),
    );
    expect(review({ source: undefined })).toContainEqual(expect.objectContaining({ rule: 'schema', field: 'source', blocking: true }));
  });

  it('refuse cure promises and absolute words, a missing product, and a medical device’s reviews', () => {
    expect(review({ text: '用了一个月，腰痛根治了，太神了。' })).toContainEqual(
      expect.objectContaining({ rule: 'review-wording', field: 'text', message: expect.stringContaining('「根治」') as unknown }),
    );
    expect(review({ product: 'no-such' })).toContainEqual(expect.objectContaining({ rule: 'unknown-reference', field: 'product' }));
    const device = findings({ 'reviews/li.json': JSON.stringify(REVIEW) }, '浙械注准20212090001');
    expect(device).toContainEqual(expect.objectContaining({ rule: 'review-medical-device', field: 'product', blocking: true }));
  });

  it('hold 关于我们 to the same words, and the brand fields to their schema', () => {
    const found = findings({ 'brand.md': "---\nid: brand\nicpNumber: 'ICP 123'\n---\n\n我们的艾灸盒是行业第一。\n" });
    expect(found).toContainEqual(expect.objectContaining({ rule: 'brand-wording', field: 'body' }));
    expect(found).toContainEqual(
      expect.objectContaining({ rule: 'schema', field: 'icpNumber', message: 'ICP备案号的格式是 京ICP备12345678号-1' }),
    );
  });
});
