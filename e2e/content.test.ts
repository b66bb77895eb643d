import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, phonePage, recordPartCounts } from './lib/page.ts';

/** Issue #15 flows in Chromium at 375×812: methods by condition, notices, Q&A and search across kinds. */
describe.skipIf(!hasBrowser())('conditions, notices, Q&A and search (issue #15)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('艾灸方法 → 睡眠情志 → 失眠 → its prescription point 神门 → back to the condition from the point page', async () => {
    const { page, problems } = await phonePage(browser);
    // Issue #33 item 3 (decision 048): the condition's page comes a part per frame, never laid out whole in one task.
    const partCounts = await recordPartCounts(page, '.dz-detail > *');
    await page.goto('/disease_types');
    await expect.poll(() => page.title()).toBe('艾灸方法');
    await page
      .getByRole('list', { name: '病症分类' })
      .getByRole('link', { name: /^睡眠情志/ })
      .click();
    await page.waitForURL('**/disease_list/1653d718-bab3-4619-b1a0-9dea5bb08b49');
    await expect.poll(() => page.title()).toBe('睡眠情志');
    await page.getByRole('link', { name: /^失眠/ }).click();

    await page.waitForURL('**/disease_detail/insomnia');
    await page.getByRole('heading', { level: 2, name: '失眠', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('失眠');
    for (const h of ['艾灸方案', '哪些人不宜灸', '出现以下情况，请及时就医']) {
      await page.getByRole('heading', { name: h, exact: true }).waitFor();
      expect(await page.getByRole('heading', { name: h, exact: true }).isVisible(), h).toBe(true);
    }
    await page.locator('.dz-detail > .disclaimer').waitFor();
    const counts = await partCounts();
    expect(counts.length, JSON.stringify(counts)).toBeGreaterThanOrEqual(4);
    expect(counts.at(-1)).toBe(await page.locator('.dz-detail > *').count());
    // Said once (issue #32 item 6): this condition says it is no diagnosis in its own 注意 note.
    expect(await page.locator('.dz-detail').getByText(/诊断/).count()).toBe(1);
    await page.getByRole('link', { name: /^神门/ }).first().click();

    await page.waitForURL('**/acupoint_detail/HT7');
    await page.getByRole('heading', { level: 2, name: '神门', exact: true }).waitFor();
    const back = page.getByRole('region', { name: '常用于调理' }).getByRole('link', { name: /^失眠/ });
    await back.click();
    await page.waitForURL('**/disease_detail/insomnia');
    expect(problems).toEqual([]);
  });

  it('shows a kind page for an unknown condition and an unknown group', async () => {
    const { page } = await phonePage(browser);
    await page.goto('/disease_detail/no-such-condition');
    await page.getByRole('heading', { name: '没有找到这个病症' }).waitFor();
    await page.getByRole('button', { name: '全部分类' }).click();
    await page.waitForURL('**/disease_types');
    await page.goto('/disease_list/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: '没有找到这个分类' }).waitFor();
  });

  it('灸前须知 → 异常情况处理 → 晕灸怎么办, whose rich text links to an acupoint and whose related articles open', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/notice');
    await expect.poll(() => page.title()).toBe('灸前须知');
    await page.getByRole('link', { name: /^异常情况处理/ }).click();
    await page.waitForURL('**/notice_list/reactions');
    await page.getByRole('link', { name: /^晕灸怎么办/ }).click();
    await page.waitForURL('**/notice_detail/fainting');
    await expect.poll(() => page.title()).toBe('详情');
    await page.getByRole('heading', { level: 2, name: '晕灸怎么办' }).waitFor();
    // Markdown: a table-free article with a list, a callout and internal links.
    expect(await page.locator('.rich-text blockquote.callout').count()).toBeGreaterThan(0);
    await page.getByRole('list', { name: '相关须知' }).getByRole('link').first().click();
    await page.waitForURL((u) => /\/notice_detail\/(?!fainting)/.test(u.pathname));
    await page.goBack();
    await page.waitForURL('**/notice_detail/fainting');
    await page.locator('.rich-text').getByRole('link', { name: '内关' }).click();
    await page.waitForURL('**/acupoint_detail/PC6');
    expect(problems).toEqual([]);
  });

  it('产品问答 lists questions by topic; a question shows its answer with a table and related questions', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/problems');
    await expect.poll(() => page.title()).toBe('产品问答');
    await page.getByRole('heading', { name: '效果与疗程' }).waitFor();
    await page.getByRole('link', { name: '多久灸一次？一个疗程是多长时间？' }).click();
    await page.waitForURL('**/problem_detail/how-often');
    await expect.poll(() => page.title()).toBe('详情');
    // The title is set by the shell before the answer arrives: wait for the article itself.
    await page.getByRole('heading', { level: 2, name: '多久灸一次？一个疗程是多长时间？' }).waitFor();
    expect(await page.locator('.rich-text table').count()).toBe(1);
    expect(await page.getByRole('list', { name: '相关问题' }).getByRole('link').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('offers terms to tap, searches every kind by initials, then one kind, remembers the term, and opens a result', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/disease_types');
    await page.getByRole('link', { name: /搜索病症/ }).click();
    await page.waitForURL('**/search/disease');
    // A first visit has no recent terms: it is offered terms to tap instead of typing.
    await page.getByRole('region', { name: '试试搜索' }).getByRole('button', { name: '颈椎' }).click();
    await page.waitForURL(`**/search/disease?q=${encodeURIComponent('颈椎')}`);
    await page.getByRole('link', { name: /颈/ }).first().waitFor();
    await page.getByRole('searchbox', { name: '搜索内容' }).fill('shimian');
    await page.getByRole('link', { name: /^失眠/ }).waitFor();
    await page.getByRole('button', { name: '全部', exact: true }).click();
    await page.waitForURL('**/search/all?q=shimian');
    await page.getByRole('region', { name: '艾灸方法' }).waitFor();

    await page.getByRole('searchbox', { name: '搜索内容' }).fill('晕灸');
    await page
      .getByRole('region', { name: '灸前须知' })
      .getByRole('link', { name: /晕灸怎么办/ })
      .click();
    await page.waitForURL('**/notice_detail/fainting');
    await page.goBack();
    await page.waitForURL('**/search/all?q=*');
    await page.getByRole('searchbox', { name: '搜索内容' }).fill('');
    await page.getByRole('region', { name: '最近搜索' }).getByRole('button', { name: '晕灸' }).waitFor();

    await page.getByRole('searchbox', { name: '搜索内容' }).fill('不存在的词语');
    await page.getByRole('heading', { name: '没有找到“不存在的词语”相关的内容' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows a notice’s figure from the media library: space reserved, the drawing itself, no layout shift', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/notice_detail/mild-moxa');
    const img = page.locator('.rich-text figure img');
    await img.waitFor();
    // width/height from the original reserve the box before any byte arrives.
    expect(await img.getAttribute('width')).toBe('640');
    expect(await img.getAttribute('height')).toBe('400');
    expect(await page.locator('.rich-text figcaption').textContent()).toContain('离皮肤2～3厘米');
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
    // The figure is a drawing: its SVG, not a picture made of it (decision 050).
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/media\/notices\/mild-moxa\.[0-9a-f]{10}\.svg$/);
    const box = await img.boundingBox();
    expect(Math.round((box!.width / box!.height) * 100)).toBe(160);
    expect(problems).toEqual([]);
  });
});
