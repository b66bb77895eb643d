import { describe, expect, it } from 'vitest';
import { AdvisorProfileFieldsSchema } from './advisor-profile-contract.ts';
import { advisorNameProblem, introProblem, titleProblem } from './advisor-profile-rules.ts';

describe('advisor profile rules (issue #30)', () => {
  it('keeps digits that could be a phone number out of every field', () => {
    expect(advisorNameProblem('李静')).toBeNull();
    expect(advisorNameProblem('李静8009')).toBe('顾问名称里不能有连着的4个数字，以免露出手机号');
    expect(titleProblem('艾灸调理顾问')).toBeNull();
    expect(titleProblem('顾问0013')).toBe('头衔里不能有连着的4个数字');
    expect(introProblem('从事艾灸调理10年，2015年起在门店服务。')).toBeNull();
    for (const phone of ['13900138000', '139 0013 8000', '139-0013-8000', '１３９００１３８０００'])
      expect(introProblem(`有事找我 ${phone}`), phone).toBe('简介里不能写电话号码等联系方式');
  });

  it('checks lengths by characters, as users count them', () => {
    expect(titleProblem('顾')).toBe('头衔请用2到20个字');
    expect(titleProblem('顾'.repeat(21))).toBe('头衔请用2到20个字');
    expect(introProblem('好'.repeat(200))).toBeNull();
    expect(introProblem('好'.repeat(201))).toBe('简介不能超过200个字');
  });

  it('the contract normalizes and applies the same rules', () => {
    const ok = AdvisorProfileFieldsSchema.parse({ name: ' 李  静 ', title: ' 艾灸  顾问 ', introduction: ' 你好 ' });
    expect(ok).toEqual({ name: '李 静', title: '艾灸 顾问', introduction: '你好', photo: null });
    expect(AdvisorProfileFieldsSchema.safeParse({ ...ok, photo: 'uploads/abcdefghijklmnop' }).success).toBe(true);
    const bad = AdvisorProfileFieldsSchema.safeParse({ ...ok, photo: '../etc/passwd' });
    expect(bad.error?.issues[0]?.message).toBe('照片请从媒体库选择');
  });
});
