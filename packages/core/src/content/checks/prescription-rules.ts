import { bannedInPregnancy, FACE_FRONT_NECK_POINTS, FOOT_ANKLE_POINTS, refersTo } from '../../safety/safety-facts.ts';
import { pointLabel, type CheckContext, type PointView, type Rule } from './context.ts';
import { list, rec, shownText, str, type SourceItem } from './source-tree.ts';

/**
 * Prescriptions (a condition's points and a constitution scheme's) agree with the points' own pages
 * (issue #15, #26): no 禁灸 point moxibusted, no method or time the point's page does not allow, and
 * the declared safety facts the points need.
 */

/** Points classically avoided in pregnancy, and lower-abdominal and lumbosacral points. */
export const PREGNANCY_SENSITIVE =
  /^(LI4|SP6|BL67|GB21|CV[2-9]|CV1[0-4]|KI1[1-6]|ST2[5-9]|ST30|SP1[2-5]|BL2[3-9]|BL3[0-5]|GV[2-4]|EX-CA1|EX-B7|EX-B8)$/;
const HEAVY_PERIODS = /(经量|月经量)(过|较|偏)?多[^。；]{0,20}(暂停|不灸|停灸)/;
const PAUSE_IN_FEVER = /(发热|发烧)[^。；]*暂停|暂停[^。；]*(发热|发烧)/;
const HEAT_PATTERN = /热|阴虚|火旺/;
const SHORT_TIME = /时间不宜长|短时/;

/** The largest number of minutes in "5～10分钟" or "3～5壮（约15～20分钟）" (numbers next to 分钟 only). */
export const upperMinutes = (range: string): number | null => {
  const nums = [...range.matchAll(/(\d+)(?=\s*分钟)|(\d+)(?=[～~-]\d+\s*分钟)/g)].map((m) => Number(m[1] ?? m[2]));
  return nums.length ? Math.max(...nums) : null;
};
const numbers = (range: string) => [...range.matchAll(/\d+/g)].map((m) => Number(m[0]));
/** The largest / smallest number in a range, whatever its unit. */
export const upperNumber = (range: string): number | null => (numbers(range).length ? Math.max(...numbers(range)) : null);
export const lowerNumber = (range: string): number | null => (numbers(range).length ? Math.min(...numbers(range)) : null);

type PrescribedPoint = { code: string; method: string; minutes: unknown; note: unknown };

const diseaseRules: Rule = (ctx) => {
  for (const d of ctx.of('disease')) {
    const prescription = rec(d.data.prescription);
    const pts = list(prescription.points).map((p): PrescribedPoint => ({
      code: str(rec(p).code),
      method: str(rec(p).method),
      minutes: rec(p).minutes,
      note: rec(p).note,
    }));
    const patterns = list(d.data.patterns).map(rec);
    const warnings = [...list(d.data.contraindications), ...list(d.data.cautions)].map(str).join('；');
    const add = (rule: string, field: string, message: string) => ctx.add(d, rule, field, message);

    const seen = new Set<string>();
    let total = 0;
    pts.forEach((sp, i) => {
      const field = `prescription.points.${i}`;
      const p = ctx.points.get(sp.code);
      if (seen.has(sp.code)) add('prescription-duplicate', `${field}.code`, `${pointLabel(p, sp.code)}在处方里写了两次`);
      seen.add(sp.code);
      total += Number(sp.minutes) || 0;
      if (!p) return add('unknown-point', `${field}.code`, `处方里的「${sp.code}」不是已有的穴位编号`);
      if (sp.method === '按揉') return;
      checkMoxaPoint(ctx, d, p, field, { method: sp.method, minutes: Number(sp.minutes), note: str(sp.note) });
    });
    if (total > 60) add('session-total', 'prescription.points', `一次施灸各穴合计 ${total} 分钟，超过了 60 分钟，请减少穴位或时间`);

    patterns.forEach((pattern, i) => {
      list(pattern.addPoints).forEach((c, j) => {
        const code = str(c);
        const field = `patterns.${i}.addPoints.${j}`;
        const p = ctx.points.get(code);
        if (!p) return add('unknown-point', field, `证型加灸的「${code}」不是已有的穴位编号`);
        if (p.level === 'forbidden') add('forbidden-point', field, `${pointLabel(p, code)}是禁灸穴，不能写进艾灸处方`);
        else if (!['suitable', 'caution'].includes(p.level))
          add('forbidden-point', field, `${pointLabel(p, code)}的施灸等级不明，不能加灸`);
        if (p.methods.length === 0) add('no-home-method', field, `${pointLabel(p, code)}没有在家施灸的方法，不能加灸`);
        if (p.level === 'caution' && !str(pattern.advice).includes(p.name))
          add('caution-point-note', `patterns.${i}.advice`, `加灸的${pointLabel(p, code)}是慎灸穴，请在这一证型的建议里写明怎样小心施灸`);
        if (HEAT_PATTERN.test(str(pattern.name)) && /属寒湿者可灸/.test(p.text))
          add('cold-damp-only', field, `${pointLabel(p, code)}只在寒湿时可灸，不能加在「${str(pattern.name)}」这类热证里`);
      });
    });

    // Every point the page has people moxibust: the prescription (not 按揉) and every pattern's added points.
    const moxa = [...pts.filter((p) => p.method !== '按揉').map((p) => p.code), ...patterns.flatMap((p) => list(p.addPoints).map(str))];
    const moxaPoints = moxa.map((c) => ctx.points.get(c)).filter((p): p is PointView => Boolean(p));
    for (const code of moxa)
      if (FACE_FRONT_NECK_POINTS.has(code))
        add('face-neck', fieldOfCode(d, code), `${pointLabel(ctx.points.get(code), code)}在面部或颈前，不能写进在家艾灸的处方`);
    if (pts.some((p) => PREGNANCY_SENSITIVE.test(p.code)) && !/孕/.test(shownWarnings(d)))
      add(
        'pregnancy-warning',
        'contraindications',
        '处方用到孕期要避开的穴位，请在禁忌或注意事项里写明孕妇怎么办（引用 {{safety:pregnancy}}）',
      );
    const banned = moxaPoints.filter((p) => bannedInPregnancy(p.code, p.region));
    if ((banned.length > 0 || /孕/.test(shownText(d))) && !refersTo(warnings, 'pregnancy'))
      add(
        'pregnancy-warning',
        'contraindications',
        banned.length > 0
          ? `${banned.map((p) => pointLabel(p, p.code)).join('、')}是孕妇禁灸穴，处方用到它时，禁忌里须引用 {{safety:pregnancy}}`
          : '本页说到孕期，禁忌里须引用 {{safety:pregnancy}}（孕妇施灸前先问产科医生）',
      );
    if (moxaPoints.some((p) => /月经量多时暂停/.test(p.text)) && !HEAVY_PERIODS.test(shownText(d)))
      add('heavy-periods', 'cautions', '处方里有月经量多时要暂停的穴位，请写明“月经量多时暂停施灸”');
    if (moxaPoints.some((p) => PAUSE_IN_FEVER.test(p.text)) && !refersTo(warnings, 'fever'))
      add('fever', 'contraindications', '处方里有发热时要暂停的穴位，禁忌里须引用 {{safety:fever}}');
    if (moxa.some((c) => FOOT_ANKLE_POINTS.has(c)) && !refersTo(warnings, 'diabetic-feet'))
      add('diabetic-feet', 'contraindications', '处方灸到脚或脚踝，禁忌里须引用 {{safety:diabetic-feet}}');
  }
};

const shownWarnings = (d: SourceItem) =>
  [...list(d.data.contraindications), ...list(d.data.cautions)].map((s) => shownText({ ...d, data: { s }, body: null })).join('；');

function fieldOfCode(d: SourceItem, code: string): string {
  const i = list(rec(d.data.prescription).points).findIndex((p) => str(rec(p).code) === code);
  if (i >= 0) return `prescription.points.${i}.code`;
  const patterns = list(d.data.patterns).map(rec);
  for (const [pi, pattern] of patterns.entries()) {
    const j = list(pattern.addPoints).indexOf(code);
    if (j >= 0) return `patterns.${pi}.addPoints.${j}`;
  }
  return '';
}

/** A prescribed moxibustion point: allowed at all, by this method, for this long, with a note where the page asks for care. */
function checkMoxaPoint(
  ctx: CheckContext,
  item: SourceItem,
  p: PointView,
  field: string,
  sp: { method: string; minutes: number; note: string },
) {
  const label = pointLabel(p, p.code);
  if (p.level === 'forbidden')
    return ctx.add(item, 'forbidden-point', `${field}.code`, `${label}是禁灸穴，不能写进艾灸处方，可删去或改为按揉`);
  if (!p.methods.includes(sp.method))
    ctx.add(
      item,
      'method-not-allowed',
      `${field}.method`,
      `${label}的穴位页没有“${sp.method}”这种灸法，请改用：${p.methods.join('、') || '按揉'}`,
    );
  if (p.level === 'caution' && !sp.note)
    ctx.add(item, 'caution-point-note', `${field}.note`, `${label}是慎灸穴，请在备注里写明怎样小心施灸`);
  const max = upperNumber(p.minutes);
  if (max !== null && sp.minutes > max)
    ctx.add(item, 'minutes-above-page', `${field}.minutes`, `${label}的穴位页写的是${p.minutes}，处方不能灸 ${sp.minutes} 分钟`);
  if (SHORT_TIME.test(p.text)) {
    const min = Math.min(5, lowerNumber(p.minutes) ?? 5);
    if (sp.minutes > min) ctx.add(item, 'minutes-above-page', `${field}.minutes`, `${label}的穴位页说时间不宜长，处方最多灸 ${min} 分钟`);
    if (sp.method === '隔姜灸') ctx.add(item, 'method-not-allowed', `${field}.method`, `${label}的穴位页说时间不宜长，不能用隔姜灸`);
  }
}

/** A product's guided session (issue #18) is a prescription too: the same point rules. */
const sessionRules: Rule = (ctx) => {
  for (const item of ctx.of('product'))
    list(rec(item.data.session).points).forEach((x, i) => {
      const sp = rec(x);
      const code = str(sp.code);
      const field = `session.points.${i}`;
      const p = ctx.points.get(code);
      if (!p) return ctx.add(item, 'unknown-point', `${field}.code`, `跟灸里的「${code}」不是已有的穴位编号`);
      if (str(sp.method) === '按揉') return;
      if (FACE_FRONT_NECK_POINTS.has(code))
        ctx.add(item, 'face-neck', `${field}.code`, `${pointLabel(p, code)}在面部或颈前，不能写进在家艾灸的跟灸`);
      checkMoxaPoint(ctx, item, p, field, { method: str(sp.method), minutes: Number(sp.minutes), note: str(sp.note) });
    });
};

/** Constitution schemes (issue #5, #15, #26). */
const schemeRules: Rule = (ctx) => {
  for (const s of ctx.of('scheme')) {
    const pts = list(rec(s.data.moxibustion).points).map(rec);
    const cautions = list(s.data.cautions).map(str).join('；');
    const whole = JSON.stringify(s.data);
    const heat = s.id === 'shire' || s.id === 'yinxu';
    pts.forEach((sp, i) => {
      const code = str(sp.code);
      const field = `moxibustion.points.${i}`;
      const p = ctx.points.get(code);
      if (!p) return ctx.add(s, 'unknown-point', `${field}.code`, `方案里的「${code}」不是已有的穴位编号`);
      const label = pointLabel(p, code);
      if (p.level === 'forbidden') ctx.add(s, 'forbidden-point', `${field}.code`, `${label}是禁灸穴，不能写进艾灸方案`);
      if (heat && str(sp.method) !== '按揉') {
        if (/(实热|热证|阴虚)[^；。]*不(宜)?灸|(实热|热证)[^；。]*暂停/.test(p.text))
          ctx.add(s, 'heat-scheme', `${field}.method`, `${label}的穴位页说热证不宜灸，这一热性体质方案里只能按揉`);
        if (/寒湿[^；。]*可灸|湿热者以按揉|属寒湿者可灸/.test(p.text))
          ctx.add(s, 'cold-damp-only', `${field}.method`, `${label}只在寒湿时可灸，这一热性体质方案里只能按揉`);
      }
      if (s.id === 'tanshi' && /属寒湿者可灸/.test(p.text) && !/痰湿[^；。]*可灸/.test(p.text))
        ctx.add(s, 'cold-damp-only', `${field}.code`, `${label}的穴位页只说寒湿可灸，痰湿方案用它前须在穴位页写明痰湿可灸`);
      if (str(sp.method) === '按揉') return;
      if (FACE_FRONT_NECK_POINTS.has(code)) ctx.add(s, 'face-neck', `${field}.code`, `${label}在面部或颈前，不能写进在家艾灸的方案`);
      const own = upperMinutes(str(sp.minutes));
      const max = upperMinutes(p.minutes);
      if (max !== null && own !== null && own > max)
        ctx.add(s, 'minutes-above-page', `${field}.minutes`, `${label}的穴位页写的是${p.minutes}，方案不能写${str(sp.minutes)}`);
      const ownAny = upperNumber(str(sp.minutes));
      const maxAny = upperNumber(p.minutes);
      if (maxAny !== null && ownAny !== null && ownAny > maxAny && !(max !== null && own !== null && own > max))
        ctx.add(s, 'minutes-above-page', `${field}.minutes`, `${label}的穴位页写的是${p.minutes}，方案不能写${str(sp.minutes)}`);
      if (SHORT_TIME.test(p.text) && (own === null || own > 5))
        ctx.add(s, 'minutes-above-page', `${field}.minutes`, `${label}的穴位页说时间不宜长，方案最多灸 5 分钟`);
    });
    for (const id of ['pregnancy', 'fever', 'distance'])
      if (!cautions.includes(`{{safety:${id}}}`)) ctx.add(s, 'scheme-facts', 'cautions', `注意事项须引用 {{safety:${id}}}`);
    const moxa = pts.filter((p) => str(p.method) !== '按揉').map((p) => str(p.code));
    if (moxa.some((c) => FOOT_ANKLE_POINTS.has(c)) && !cautions.includes('{{safety:diabetic-feet}}'))
      ctx.add(s, 'diabetic-feet', 'cautions', '方案灸到脚或脚踝，注意事项须引用 {{safety:diabetic-feet}}');
    if (/糖尿病[^；。]*看护/.test(cautions))
      ctx.add(s, 'diabetic-feet', 'cautions', '糖尿病或脚麻的人在家不灸脚部，不要写“有人看护”一类变通做法');
    if (moxa.some((c) => /月经量多时暂停/.test(ctx.points.get(c)?.text ?? '')) && !HEAVY_PERIODS.test(whole))
      ctx.add(s, 'heavy-periods', 'cautions', '方案里有月经量多时要暂停的穴位，请写明“月经量多时暂停施灸”');
    if (/伤害自己|轻生/.test(whole) && !cautions.includes('{{safety:crisis}}'))
      ctx.add(s, 'crisis', 'cautions', '提到轻生或伤害自己时，注意事项须引用 {{safety:crisis}}（心理援助的求助电话）');
    if (/无烟艾/.test(whole) && !cautions.includes('{{safety:ventilation}}'))
      ctx.add(s, 'ventilation', 'cautions', '提到无烟艾条时，注意事项须引用 {{safety:ventilation}}（一氧化碳与通风）');
    const shown = list(s.data.cautions)
      .map((c) => shownText({ ...s, data: { c }, body: null }))
      .join('');
    if (!/孕/.test(shown)) ctx.add(s, 'scheme-facts', 'cautions', '注意事项须写明孕妇怎么办');
    if (!/就医/.test(shown)) ctx.add(s, 'scheme-facts', 'cautions', '注意事项须写明什么情况下就医');
  }
};

/** Every questionnaire item is worded as a question (issue #5). */
const questionnaireRules: Rule = (ctx) => {
  for (const q of ctx.of('questionnaire'))
    list(q.data.questions).forEach((question, i) => {
      if (!/[吗？?]$/.test(str(rec(question).text)))
        ctx.add(q, 'question-wording', `questions.${i}.text`, '题目须是一个问句，以“吗？”或“？”结尾');
    });
};

export const PRESCRIPTION_RULES: Rule[] = [diseaseRules, sessionRules, schemeRules, questionnaireRules];
