import type { AccountExport, ExportConsultation } from './export-contract.ts';

/**
 * Issue #27 item 16: the export as a page a person can read, print or keep: Chinese, large clear type,
 * no scripts (a Content-Security-Policy in the page forbids them too, and every text is escaped).
 * Rendered from the same JSON the server sends, by the web app when the user saves it.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const e = escapeHtml;

/** 2026-11-22T08:00:00.000Z → 2026年11月22日 16:00 (China time). */
export function chinaTime(iso: string | null): string {
  if (!iso) return '—';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '—';
  const d = new Date(t + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日 ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const GENDER = { female: '女', male: '男' } as const;
const DURATION: Record<string, string> = { week: '一周内', month: '一月内', 'half-year': '半年内', longer: '半年以上' };
const CONTACT: Record<string, string> = { any: '任何时间', morning: '上午', afternoon: '下午', evening: '晚上' };
const ROLE: Record<string, string> = { user: '用户', advisor: '顾问', editor: '编辑', admin: '管理员' };

const COURSE_FREQUENCY: Record<string, string> = { daily: '每天', 'every-other-day': '隔天', weekdays: '工作日' };
const COURSE_CHANNEL: Record<string, string> = { sms: '短信', wechat: '微信', none: '不提醒' };
const COURSE_STATUS: Record<string, string> = { active: '进行中', paused: '已暂停', ended: '已结束' };
const PAUSE_REASON: Record<string, string> = { fever: '发热', pregnancy: '怀孕', menstruation: '月经期', other: '其他原因' };
const NOTICE_KIND: Record<string, string> = {
  'case-new': '新咨询提醒',
  'case-overdue': '咨询超时提醒',
  'case-reply': '咨询回复提醒',
  'course-reminder': '疗程提醒',
};
const NOTICE_STATE: Record<string, string> = { pending: '待发送', sending: '发送中', skipped: '未发送（已不需要）', failed: '发送失败' };

const rows = (pairs: [string, string][]) =>
  `<dl>${pairs.map(([k, v]) => `<div class="row"><dt>${e(k)}</dt><dd>${e(v)}</dd></div>`).join('')}</dl>`;
const none = '<p class="none">没有记录</p>';
const minutes = (seconds: number) => `${Math.round(seconds / 60)} 分钟`;

function consultation(c: ExportConsultation): string {
  const r = c.request;
  const head = rows([
    ['咨询内容', r.complaint],
    ['状态', c.statusName],
    ['提交时间', chinaTime(c.createdAt)],
    ['最后更新', chinaTime(c.updatedAt)],
    ['性别、年龄', `${GENDER[r.gender]}，${r.age} 岁`],
    ['相关病症', r.disease?.name ?? '未选择'],
    ['症状描述', r.symptoms],
    ['持续时间', DURATION[r.duration] ?? r.duration],
    ['是否看过医生', r.seenDoctor ? '看过' : '没有'],
    ['方便联系的时间', CONTACT[r.contactTime] ?? r.contactTime],
    ['回复时短信提醒', r.notifySms ? '是' : '否'],
  ]);
  const messages = c.messages.length
    ? `<ol class="thread">${c.messages
        .map((m) => {
          const rec = m.recommendation;
          const picks = rec
            ? [
                rec.acupoints.length ? `推荐穴位：${rec.acupoints.map((p) => p.name).join('、')}` : '',
                rec.diseases.length ? `推荐调理方法：${rec.diseases.map((d) => d.name).join('、')}` : '',
                rec.products.length ? `推荐产品：${rec.products.map((p) => p.name).join('、')}` : '',
              ].filter(Boolean)
            : [];
          return `<li><p class="who">${e(m.author === 'user' ? '我的补充' : (m.authorName ?? '顾问'))} · ${e(chinaTime(m.createdAt))}</p><p class="text">${e(m.body)}</p>${picks.map((p) => `<p>${e(p)}</p>`).join('')}</li>`;
        })
        .join('')}</ol>`
    : '<p class="none">还没有回复或补充</p>';
  const photos = c.photos.length
    ? `<div class="photos">${c.photos
        .map(
          (p, i) =>
            `<figure><img src="data:${e(p.mime)};base64,${e(p.base64)}" width="${p.width}" height="${p.height}" alt="${e(`咨询照片 ${i + 1}`)}"><figcaption>照片 ${i + 1}</figcaption></figure>`,
        )
        .join('')}</div>`
    : '';
  return `<article class="item"><h3>${e(r.complaint)}</h3>${head}<h4>往来消息（${c.messages.length} 条）</h4>${messages}${
    c.photos.length ? `<h4>照片（${c.photos.length} 张）</h4>${photos}` : ''
  }</article>`;
}

/** Issue #30: an advisor's own profile, as users see it and as it waits for review, with its history. */
function advisorProfile(a: NonNullable<AccountExport['advisorProfile']>): string {
  const fields = (f: { name: string; title: string; introduction: string; photo: string | null }) =>
    rows([
      ['名称', f.name],
      ['头衔', f.title],
      ['简介', f.introduction || '没有'],
      ['照片', f.photo ? `有（媒体库编号 ${f.photo.replace(/^uploads\//, '')}）` : '没有'],
    ]);
  return `${rows([['是否在岗', a.onDuty ? '在岗' : '不在岗']])}<h3>用户看到的资料</h3>${
    a.approved
      ? `${fields(a.approved)}${a.approved.approvedAt ? `<p class="muted">${e(chinaTime(a.approved.approvedAt))} 审核通过</p>` : ''}`
      : '<p class="none">还没有审核通过的资料</p>'
  }${
    a.pending
      ? `<h3>等待审核的资料</h3>${fields(a.pending)}<p class="muted">${e(chinaTime(a.pending.submittedAt))} ${a.pending.submittedByYou ? '由您提交' : '由管理员提交'}</p>`
      : ''
  }${a.comment ? `<h3>上次退回的原因</h3><p class="text">${e(a.comment)}</p>` : ''}<h3>记录</h3>${
    a.history.length
      ? `<ul>${a.history.map((h) => `<li>${e(chinaTime(h.at))}：${e(h.actionName)}${h.byYou ? '' : '（他人操作）'}</li>`).join('')}</ul>`
      : '<p class="none">没有记录</p>'
  }`;
}

/** The whole export as one self-contained HTML page. */
export function renderExportHtml(data: AccountExport): string {
  const count = (key: string) => data.manifest.sections.find((s) => s.key === key)?.count ?? 0;
  const title = (key: string) => data.manifest.sections.find((s) => s.key === key)?.title ?? key;
  const section = (key: string, body: string) =>
    `<section id="${e(key)}"><h2>${e(title(key))}<span class="count">（${count(key)}）</span></h2>${body}</section>`;

  const p = data.profile;
  const parts = [
    section(
      'profile',
      rows([
        ['昵称', p.name],
        ['手机号', p.mobile],
        ['注册时间', chinaTime(p.createdAt)],
        ['身份', p.roles.map((r) => ROLE[r] ?? r).join('、')],
        ['账号编号', p.id],
      ]),
    ),
    section(
      'wechat',
      data.wechat
        ? rows([
            ['微信 openid', data.wechat.openid],
            ['绑定时间', chinaTime(data.wechat.boundAt)],
          ])
        : '<p class="none">没有绑定微信</p>',
    ),
    section(
      'logins',
      data.logins.length
        ? `<ul>${data.logins.map((l) => `<li>登录于 ${e(chinaTime(l.startedAt))}，最近使用 ${e(chinaTime(l.lastUsedAt))}，到期 ${e(chinaTime(l.expiresAt))}</li>`).join('')}</ul>`
        : none,
    ),
    section(
      'consents',
      data.consents.length
        ? `<ul>${data.consents
            .map(
              (c) =>
                `<li>${e(c.purposeName)}：${e(chinaTime(c.grantedAt))} 同意（隐私政策版本 ${e(c.policyVersion)}${c.birthYear ? `，出生年份 ${c.birthYear}` : ''}）${c.withdrawnAt ? `，${e(chinaTime(c.withdrawnAt))} 撤回` : ''}</li>`,
            )
            .join('')}</ul>`
        : none,
    ),
    section(
      'constitutionRecords',
      data.constitutionRecords.length
        ? data.constitutionRecords
            .map(
              (r) =>
                `<article class="item"><h3>${e(chinaTime(r.createdAt))}：${e(r.primaryName ?? '未能判定主要体质')}</h3><p>${e(r.result.conclusion)}</p><p class="muted">性别：${e(GENDER[r.gender])}；问卷版本：${e(r.version)}</p><h4>答题（${r.answers.length} 题）</h4><ol class="answers">${r.answers
                  .map((a) => `<li>${e(a.question)} <b>${e(a.label)}</b></li>`)
                  .join('')}</ol></article>`,
            )
            .join('')
        : none,
    ),
    section(
      'moxaSessions',
      data.moxaSessions.length
        ? data.moxaSessions
            .map(
              (s) =>
                `<article class="item"><h3>${e(chinaTime(s.startedAt))}：${e(s.title)}${s.endedEarly ? '（提前结束）' : ''}</h3><ul>${s.points
                  .map((pt) => `<li>${e(pt.name)}（${e(pt.code)}）：${pt.skipped ? '跳过' : e(minutes(pt.doneSeconds))}</li>`)
                  .join('')}</ul>${rows([
                  ['灸后感觉', s.feeling ?? '未填写'],
                  ['灸后反应', s.reactions.join('、') || '没有'],
                  ['备注', s.notes || '没有'],
                ])}</article>`,
            )
            .join('')
        : none,
    ),
    section(
      'favorites',
      data.favorites.length
        ? `<ul>${data.favorites.map((f) => `<li>${e(f.kindName)}：${e(f.title)}（${e(chinaTime(f.at))} 收藏）</li>`).join('')}</ul>`
        : none,
    ),
    section(
      'history',
      data.history.length
        ? `<ul>${data.history.map((h) => `<li>${e(h.kindName)}：${e(h.title)}（${e(chinaTime(h.at))} 看过）</li>`).join('')}</ul>`
        : none,
    ),
    section('consultations', data.consultations.length ? data.consultations.map(consultation).join('') : none),
    section(
      'courses',
      data.courses.length
        ? data.courses
            .map(
              (c) =>
                `<article class="item"><h3>${e(c.title)}</h3>${rows([
                  ['频率', COURSE_FREQUENCY[c.frequency] ?? c.frequency],
                  ['提醒时间', c.time],
                  ['次数', `${c.sessions} 次`],
                  ['提醒方式', COURSE_CHANNEL[c.channel] ?? c.channel],
                  ['状态', COURSE_STATUS[c.status] ?? c.status],
                  ['建立于', chinaTime(c.createdAt)],
                  ...c.pauses.map((p): [string, string] => [
                    '暂停',
                    `${chinaTime(p.from)} 起${p.to ? `，${chinaTime(p.to)} 恢复` : ''}（${PAUSE_REASON[p.reason] ?? p.reason}）`,
                  ]),
                ])}</article>`,
            )
            .join('')
        : none,
    ),
    section(
      'notifications',
      `${rows([
        ['咨询回复提醒', data.notifications.preferences.caseReplies ? '接收' : '不接收'],
        ['疗程提醒', data.notifications.preferences.courseReminders ? '接收' : '不接收'],
        ['短信', data.notifications.preferences.sms ? '接收' : '不接收'],
        ['微信消息', data.notifications.preferences.wechat ? '接收' : '不接收'],
      ])}${
        data.notifications.notices.length
          ? `<ul>${data.notifications.notices
              .map(
                (n) =>
                  `<li>${e(NOTICE_KIND[n.kind] ?? n.kind)}（${n.channel === 'sms' ? '短信' : '微信'}）：${e(n.sentAt ? `${chinaTime(n.sentAt)} 已发送` : `${chinaTime(n.dueAt)} ${NOTICE_STATE[n.state] ?? n.state}`)}</li>`,
              )
              .join('')}</ul>`
          : '<p class="none">没有发过提醒</p>'
      }`,
    ),
    section('advisorProfile', data.advisorProfile ? advisorProfile(data.advisorProfile) : none),
  ];

  const manifest = `<table class="manifest"><thead><tr><th>内容</th><th>条数</th></tr></thead><tbody>${data.manifest.sections
    .map((s) => `<tr><td><a href="#${e(s.key)}">${e(s.title)}</a></td><td>${s.count}</td></tr>`)
    .join(
      '',
    )}<tr><td>咨询里的消息</td><td>${data.manifest.messages}</td></tr><tr><td>咨询里的照片</td><td>${data.manifest.photos}</td></tr></tbody></table>`;

  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<title>我的数据 · 艾灸养生</title>
<style>
body{margin:0 auto;max-width:760px;padding:20px 16px 48px;font:20px/1.7 -apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#222;background:#fff}
h1{font-size:30px;margin:0 0 8px}h2{font-size:25px;margin:36px 0 12px;padding-bottom:6px;border-bottom:2px solid #c0652b}
h3{font-size:21px;margin:20px 0 8px}h4{font-size:20px;margin:16px 0 6px}.count{font-weight:normal;color:#555}
.muted,.none{color:#555}dl{margin:0}.row{display:flex;gap:12px;padding:4px 0;border-bottom:1px solid #eee}
dt{flex:none;width:7.5em;color:#555}dd{margin:0;white-space:pre-wrap;word-break:break-all}
.item{padding:4px 0 16px;border-bottom:1px dashed #bbb}.text{white-space:pre-wrap}.who{margin:12px 0 0;color:#555}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:6px 10px;text-align:left}
a{color:#8a3d12}.photos{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}img{max-width:100%;height:auto;border:1px solid #ccc}
@media print{body{max-width:none;padding:0}h2{break-after:avoid}.item,figure{break-inside:avoid}a{color:inherit;text-decoration:none}}
</style>
</head>
<body>
<h1>我的数据</h1>
<p>艾灸养生为这个账号保存的全部数据，导出于 ${e(chinaTime(data.exportedAt))}。</p>
<p class="muted">这份文件含有您的手机号和健康信息，请妥善保管，不要随意转发。</p>
<h2>文件包含</h2>
${manifest}
${parts.join('\n')}
</body>
</html>
`;
}
