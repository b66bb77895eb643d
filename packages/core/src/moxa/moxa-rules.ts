import { SAFETY_FACTS } from '../safety/safety-facts.ts';

/**
 * Guided moxibustion sessions (issue #18): the rules shared by the session screen, the log and the
 * server, without zod, so web chunks can use them. Times are epoch milliseconds.
 */

/** How often the session reminds of the safe distance (standard practice: check heat every few minutes). */
export const HEAT_REMINDER_SECONDS = 180;
/**
 * The heat reminder says what the step itself says (issue #32 item 3: one distance per step). The
 * step's distance comes from the content, which refers to the declared safety fact
 * (`离头皮{{safety:distance.gentle}}`), so the reminder repeats that wording as it is: an earlier
 * version mapped every step onto the standard distance, so a 3～4 cm step was told 2～3 cm by its
 * timer. A step without a distance gets the standard one; a step that places a box or a ginger slice
 * (no distance to keep) is reminded of the heat only.
 */
export function heatReminder(stepDistance = ''): string {
  const { standard, gentle } = SAFETY_FACTS.distance.values;
  const distance = stepDistance.trim();
  if (!distance) return `保持离皮肤${standard}，感觉灼热请移开`;
  if (distance.includes(standard) || distance.includes(gentle)) return `保持${distance}，感觉灼热请移开`;
  return '留意皮肤的感觉，以温热不烫为度，感觉灼热请移开或调整';
}

/**
 * 左右两侧各灸一半时间 (issue #32 item 3): a point on both sides of the body is done half its time
 * on each side, so the side changes once, when the running time reaches half the point's planned
 * time (with any minutes added so far). Points on the midline (任脉, 督脉) and extra points are one.
 */
export const sideSwitchSecond = (plannedSeconds: number): number => Math.ceil(plannedSeconds / 2);

/** Which side is being done: `one` for a single point, else the first side or the other one. */
export function sideOf(bilateral: boolean, elapsedSeconds: number, plannedSeconds: number): 'one' | 'first' | 'other' {
  if (!bilateral) return 'one';
  return elapsedSeconds >= sideSwitchSecond(plannedSeconds) ? 'other' : 'first';
}

/**
 * Whether to prompt 换另一侧 now: a bilateral point whose running time has passed half but not the
 * end (the end has its own signal), and whose switch was not prompted yet (the prompt comes once,
 * even across reloads: the caller stores that it came).
 */
export function sideSwitchDue(p: { bilateral: boolean; elapsedSeconds: number; plannedSeconds: number; prompted: boolean }): boolean {
  return p.bilateral && !p.prompted && p.elapsedSeconds >= sideSwitchSecond(p.plannedSeconds) && p.elapsedSeconds < p.plannedSeconds;
}

/** Longest a single point may run with +1 minute presses: 20 minutes past its prescription. */
export const MAX_EXTRA_MINUTES = 20;
/** Most sessions one account or device keeps, and most one import may carry. */
export const MAX_SESSIONS = 2000;
export const MAX_IMPORT = 200;

/** Reactions after moxibustion, each with what to do (after the notices of content/notices). */
export const REACTIONS = [
  {
    id: 'redness',
    label: '皮肤发红',
    advice: '施灸处微红、发热是正常反应，一般数小时内消退；当天不要用冷水冲洗。',
    notice: 'reactions-normal',
  },
  {
    id: 'blister',
    label: '起水疱',
    advice: '小水疱不要挑破，保持干燥，可自行吸收；水疱较大、破溃或红肿化脓请就医。该处停灸直到愈合。',
    notice: 'blisters',
  },
  {
    id: 'dry-mouth',
    label: '口干、咽痛',
    advice: '多喝温水，下次缩短时间、加大距离；口舌生疮、便秘等上火表现明显时暂停几天。',
    notice: 'heatiness',
  },
  {
    id: 'tired',
    label: '疲乏、困倦',
    advice: '灸后轻微疲倦常见，注意休息、早睡；连续几天明显乏力请减少次数。',
    notice: 'reactions-normal',
  },
  {
    id: 'dizzy',
    label: '头晕、心慌、出冷汗',
    advice: '立即停灸，平躺休息，喝些温糖水；几分钟内不缓解，或出现胸痛、呼吸困难，请立即就医或拨打 120。',
    notice: 'fainting',
  },
  {
    id: 'burn',
    label: '烫伤、刺痛',
    advice: '立即用流动的凉水冲洗 15～20 分钟，不要涂牙膏等；皮肤发白、起大疱或面积大请尽快就医。',
    notice: 'burns',
  },
  { id: 'sleepless', label: '晚上睡不好', advice: '把施灸时间提前到傍晚，缩短每穴时间；持续失眠请暂停并咨询医生。', notice: 'heatiness' },
] as const;
export type ReactionId = (typeof REACTIONS)[number]['id'];
export const REACTION_IDS = REACTIONS.map((r) => r.id) as [ReactionId, ...ReactionId[]];

export const FEELINGS = ['很不舒服', '不太舒服', '一般', '舒服', '很舒服'] as const;

/**
 * Sessions in one course (疗程), read from the prescription's wording: "7～10次为1个疗程" → 10,
 * "10天为1个疗程" → 10, "连续施灸4周为一个疗程" with "每周2～3次" → 12 (with 每天 → 28).
 * Null when the course has no count ("一个三伏天为1个疗程"): the log then shows only how many were done.
 */
export function courseLength(course: string, frequency = ''): number | null {
  const num = '(\\d+)(?:～(\\d+))?';
  const byCount = new RegExp(`${num}[次天]为[1一]个疗程`).exec(course);
  if (byCount) return Number(byCount[2] ?? byCount[1]);
  const byWeeks = new RegExp(`${num}周为[1一]个疗程`).exec(course);
  if (!byWeeks) return null;
  const weeks = Number(byWeeks[2] ?? byWeeks[1]);
  const perWeek = new RegExp(`每周${num}次`).exec(`${frequency} ${course}`);
  if (perWeek) return weeks * Number(perWeek[2] ?? perWeek[1]);
  if (/每[天日晚]/.test(frequency)) return weeks * 7;
  return null;
}

/** The pace a prescription allows: sessions per day, the shortest gap in days, sessions per 7 days. */
export type Pace = { perDay: number; minGapDays: number; perWeek: number };

export function paceOf(frequency: string): Pace {
  const perWeek = /每周(\d+)(?:～(\d+))?次/.exec(frequency);
  const twice = /[每当][天日][^；，。]*(?:1～2|2)次/.test(frequency);
  const everyOther = /隔[天日]/.test(frequency) && !/每[天日晚]/.test(frequency);
  return {
    perDay: twice ? 2 : 1,
    minGapDays: everyOther ? 2 : 1,
    perWeek: perWeek ? Number(perWeek[2] ?? perWeek[1]) : everyOther ? 4 : twice ? 14 : 7,
  };
}

const DAY = 86_400_000;
/** The China-time calendar day of an instant (the app's users live in UTC+8). */
export const chinaDay = (at: number): number => Math.floor((at + 8 * 3_600_000) / DAY);

/**
 * A gentle note when the sessions of one plan come too often or run too long for its prescription
 * (issue #18); null when all is well. `sessions` are that plan's, any order.
 */
export function paceNote(
  sessions: readonly { startedAt: number; doneSeconds: number }[],
  pace: Pace,
  plannedSeconds: number,
  now: number,
): string | null {
  const days = sessions.map((s) => chinaDay(s.startedAt));
  const today = chinaDay(now);
  const perDay = new Map<number, number>();
  for (const d of days) perDay.set(d, (perDay.get(d) ?? 0) + 1);
  if ((perDay.get(today) ?? 0) > pace.perDay)
    return `今天已经灸了 ${perDay.get(today)} 次，超过了方案建议的每天 ${pace.perDay} 次。多灸不会更好，请让身体休息一下。`;
  const lastWeek = days.filter((d) => d > today - 7).length;
  if (lastWeek > pace.perWeek) return `近 7 天灸了 ${lastWeek} 次，比方案建议的更频繁。艾灸贵在坚持而非次数多，请按方案的间隔来。`;
  if (pace.minGapDays > 1) {
    const recent = [...new Set(days)].sort((a, b) => b - a);
    if (recent.length >= 2 && recent[0]! > today - 7 && recent[0]! - recent[1]! < pace.minGapDays)
      return '这个方案建议隔天灸一次，最近连着两天都灸了。隔天施灸能让身体有时间恢复。';
  }
  const last = [...sessions].sort((a, b) => b.startedAt - a.startedAt)[0];
  if (last && plannedSeconds > 0 && last.doneSeconds > plannedSeconds * 1.5 && chinaDay(last.startedAt) > today - 7)
    return `最近一次灸了 ${Math.round(last.doneSeconds / 60)} 分钟，比方案的 ${Math.round(plannedSeconds / 60)} 分钟长了不少。时间过长容易上火或烫伤，请按方案的时间来。`;
  return null;
}

/** "10～15分钟" → 10 (the lower bound: a home session starts gently); null when no number. */
export function minutesOf(text: string): number | null {
  const m = /(\d+)/.exec(text);
  return m ? Number(m[1]) : null;
}
