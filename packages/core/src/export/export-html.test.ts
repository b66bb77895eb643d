import { describe, expect, it } from 'vitest';
import type { AccountExport } from './export-contract.ts';
import { chinaTime, renderExportHtml } from './export-html.ts';
import { EXPORT_SECTIONS, exportFileName } from './export-sections.ts';

const AT = '2026-11-22T08:00:00.000Z';
const sample = (): AccountExport => ({
  format: 'moxa-account-export',
  formatVersion: 1,
  exportedAt: AT,
  manifest: {
    sections: EXPORT_SECTIONS.map((s) => ({ key: s.key, title: s.title, count: s.key === 'moxaSessions' ? 1 : 0 })),
    messages: 0,
    photos: 0,
    photoBytes: 0,
  },
  profile: { id: 'u1', name: '<img src=x onerror=alert(1)>', mobile: '+8613800138000', createdAt: AT, roles: ['user'] },
  wechat: null,
  logins: [],
  consents: [],
  constitutionRecords: [],
  moxaSessions: [
    {
      id: 's1',
      clientId: 'c1',
      title: '失眠',
      source: { kind: 'disease', id: 'insomnia' },
      startedAt: AT,
      endedAt: AT,
      points: [{ code: 'HT7', name: '神门', plannedSeconds: 600, doneSeconds: 600, skipped: false }],
      feeling: '舒服',
      notes: '</style><script>alert(1)</script>',
      reactions: ['皮肤发红'],
      courseLength: null,
      endedEarly: false,
    },
  ],
  favorites: [],
  history: [],
  consultations: [],
  courses: [
    {
      id: 'k1',
      title: '失眠<b>',
      scheme: { kind: 'disease', id: 'insomnia' },
      frequency: 'daily',
      time: '08:00',
      sessions: 10,
      channel: 'sms',
      status: 'paused',
      pauses: [{ from: AT, to: null, reason: 'fever' }],
      createdAt: AT,
    },
  ],
  notifications: {
    preferences: { caseReplies: true, courseReminders: false, sms: true, wechat: false },
    notices: [{ kind: 'course-reminder', channel: 'sms', state: 'sent', dueAt: AT, sentAt: AT }],
  },
  advisorProfile: {
    approved: { name: '李<i>顾问</i>', title: '艾灸调理顾问', introduction: '', photo: 'uploads/abcdefghijklmnop', approvedAt: AT },
    pending: { name: '李顾问', title: '高级艾灸调理顾问', introduction: '从业十年', photo: null, submittedAt: AT, submittedByYou: true },
    comment: '照片<script>不清楚</script>',
    onDuty: true,
    history: [
      { action: 'advisor.profile.submit', actionName: '提交资料审核', at: AT, byYou: true },
      { action: 'advisor.profile.approve', actionName: '资料审核通过', at: AT, byYou: false },
    ],
  },
});

describe('the printable export page (issue #27 item 16)', () => {
  it('lists every section with its count, in China time, and escapes every text: no script can run', () => {
    const html = renderExportHtml(sample());
    for (const s of EXPORT_SECTIONS) expect(html).toContain(s.title);
    expect(html).toContain('导出于 2026年11月22日 16:00');
    expect(html).toContain('&lt;/style&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<script|onerror=alert\(1\)>/i);
    expect(html).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`);
    expect(html).toContain('神门（HT7）：10 分钟');
    // Issue #31: the course with its pause, and the notices.
    expect(html).toContain('失眠&lt;b&gt;');
    expect(html).toContain('2026年11月22日 16:00 起（发热）');
    expect(html).toContain('疗程提醒（短信）：2026年11月22日 16:00 已发送');
    // Issue #30: an advisor's own profile, approved and waiting, with why it was sent back and its history.
    expect(html).toContain('李&lt;i&gt;顾问&lt;/i&gt;');
    expect(html).toContain('高级艾灸调理顾问');
    expect(html).toContain('有（媒体库编号 abcdefghijklmnop）');
    expect(html).toContain('照片&lt;script&gt;不清楚&lt;/script&gt;');
    expect(html).toContain('2026年11月22日 16:00：资料审核通过（他人操作）');
    expect(html).toMatch(/font:20px\/1\.7/);
  });

  it('names files by the China date', () => {
    expect(exportFileName('2026-11-22T17:00:00.000Z', 'json')).toBe('艾灸养生-我的数据-20261123.json');
    expect(chinaTime(null)).toBe('—');
  });
});
