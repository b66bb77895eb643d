/**
 * The safety facts of the field, each declared once (issue #26 "So it cannot drift again").
 *
 * A page never retypes a threshold, a time, a distance or who must not: it writes
 * `{{safety:<id>}}` for the whole rule or `{{safety:<id>.<value>}}` for one of its values, and the
 * content loader renders the placeholder from this table (expandSafetyFacts). content/safety-facts
 * tests fail when a page states one of these numbers in its own words, so two pages can no longer
 * disagree. Sources: standard moxibustion practice (温和灸 2～3 cm, 以温热不烫为度), the low-temperature
 * burn thresholds of skin contact heating (about 44 ℃ over hours, 50 ℃ within minutes), carbon
 * monoxide from smouldering mugwort, and the classical pregnancy cautions (合谷、三阴交、至阴、昆仑、缺盆、肩井).
 */
export type SafetyFact = {
  /** The rule as one sentence (no final 。), rendered for `{{safety:<id>}}`. */
  text: string;
  /** Values a sentence may need on its own, rendered for `{{safety:<id>.<key>}}`. */
  values: Readonly<Record<string, string>>;
};

export const SAFETY_FACTS = {
  fever: {
    text: '发热（体温达到37.3℃及以上）时暂停艾灸，退热后再灸；高热不退、发热超过3天或精神很差请就医',
    values: { temp: '37.3℃' },
  },
  'blood-pressure': {
    text: '高血压患者须在医生治疗下血压控制平稳、并征得医生同意后才可施灸；血压未控制、测得血压达到160/100 mmHg及以上，或有头痛、头晕、胸闷时不灸，先就医',
    values: { limit: '160/100 mmHg' },
  },
  extinguish: {
    text: '艾条用完后放进密闭的灭艾筒或装水的容器里闷灭，至少等30分钟、确认完全冷却后再丢弃或收起',
    values: { wait: '30分钟' },
  },
  distance: {
    text: '艾条温和灸时离皮肤2～3厘米，以温热不烫为度；老人、儿童和皮肤敏感、感觉迟钝者离皮肤3～4厘米',
    values: { standard: '2～3厘米', gentle: '3～4厘米' },
  },
  'session-caps': {
    text: '在家施灸每个穴位一般不超过20分钟，一次总时间不超过60分钟，以皮肤温热微红为度',
    values: { perPoint: '20分钟', perSession: '60分钟' },
  },
  'heated-device': {
    text: '贴着皮肤使用的温灸器、发热贴等加热用品，皮肤表面温度不超过45℃；高档（约45℃）连续使用不超过15分钟，低档（约40℃）同一部位一次不超过30分钟，用后看看皮肤；老人、糖尿病患者和感觉减退者只用低档并由家人看护，睡觉时不用',
    values: { skinMax: '45℃', highTemp: '45℃', highMinutes: '15分钟', lowTemp: '40℃', lowMinutes: '30分钟' },
  },
  'diabetic-feet': {
    text: '糖尿病患者和脚部麻木、感觉减退或血液循环差的人，在家不要灸脚和脚踝，可改用其他穴位，或请医生指导',
    values: {},
  },
  ventilation: {
    text: '艾绒燃烧会产生一氧化碳，无烟艾条也一样，只是烟少、更不容易察觉：施灸时开窗或开门通风，不要在门窗紧闭的房间里灸；出现头痛、头晕、恶心时立即停灸、开窗，到空气新鲜处休息，不缓解请拨打120',
    values: {},
  },
  pregnancy: {
    text: '孕妇施灸前须先问产科医生；孕期腹部、腰骶部和合谷、三阴交、至阴、昆仑、缺盆、肩井等穴一律不灸',
    values: {},
  },
  'face-neck': {
    text: '面部和颈前部（眼周、鼻旁、面颊、耳前、喉结周围）皮肤薄、血管多，在家不要自己灸，需要时请在专业人员指导下进行',
    values: {},
  },
  fire: {
    text: '用打火机、蜡烛或专用点火器点燃艾条，不要用酒精灯或酒精；施灸处远离酒精、燃气和家用氧气瓶、制氧机等易燃和助燃物',
    values: {},
  },
  crisis: {
    text: '如有轻生念头或伤害自己的打算，请立即拨打心理援助热线12356；情况紧急时拨打120或110',
    values: { hotline: '12356' },
  },
} as const satisfies Record<string, SafetyFact>;

export type SafetyFactId = keyof typeof SAFETY_FACTS;

/**
 * Points that are never moxibusted in pregnancy besides the abdomen and lumbosacral region
 * (classically 合谷 LI4, 三阴交 SP6, 至阴 BL67, 昆仑 BL60, 缺盆 ST12, 肩井 GB21), plus the points from the
 * first lumbar vertebra down (BL22–BL35, BL51–BL54, GV1–GV5, the lumbosacral EX points).
 */
export const PREGNANCY_BANNED_POINTS: ReadonlySet<string> = new Set([
  'LI4',
  'SP6',
  'BL67',
  'BL60',
  'ST12',
  'GB21',
  ...Array.from({ length: 14 }, (_, i) => `BL${22 + i}`),
  ...['BL51', 'BL52', 'BL53', 'BL54'],
  ...['GV1', 'GV2', 'GV3', 'GV4', 'GV5'],
  ...['EX-B4', 'EX-B5', 'EX-B6', 'EX-B7', 'EX-B8', 'EX-B9'],
]);

/** Is this point banned in pregnancy (the set above, or anywhere on the abdomen)? */
export const bannedInPregnancy = (code: string, region: string): boolean => region === 'abdomen' || PREGNANCY_BANNED_POINTS.has(code);

/**
 * Points on the feet and ankles (not for home moxibustion with diabetes or numb feet): the points of
 * the six foot meridians from the ankle down, and the EX points of the foot.
 */
export const FOOT_ANKLE_POINTS: ReadonlySet<string> = new Set([
  ...['KI1', 'KI2', 'KI3', 'KI4', 'KI5', 'KI6', 'EX-LE8', 'EX-LE9'],
  ...['BL60', 'BL61', 'BL62', 'BL63', 'BL64', 'BL65', 'BL66', 'BL67'],
  ...['SP1', 'SP2', 'SP3', 'SP4', 'SP5'],
  ...['ST41', 'ST42', 'ST43', 'ST44', 'ST45'],
  ...['LR1', 'LR2', 'LR3', 'LR4'],
  ...['GB40', 'GB41', 'GB42', 'GB43', 'GB44'],
  ...['EX-LE10', 'EX-LE11', 'EX-LE12'],
]);

/** Points on the face, around the ear in front and on the front of the neck: no home moxibustion. */
export const FACE_FRONT_NECK_POINTS: ReadonlySet<string> = new Set([
  ...['ST2', 'ST3', 'ST4', 'ST5', 'ST6', 'ST7', 'ST9', 'ST10', 'ST11'],
  ...['LI17', 'LI18', 'LI19', 'LI20', 'SI16', 'SI17', 'SI18', 'SI19'],
  ...['TE21', 'TE22', 'GB2', 'GB3', 'GB14', 'CV22', 'CV23', 'CV24'],
  ...['GV25', 'GV26', 'GV27', 'GV28', 'GV29', 'EX-HN5', 'EX-HN6', 'EX-HN8'],
]);

const PLACEHOLDER = /\{\{safety:([a-z-]+)(?:\.([a-zA-Z]+))?\}\}/g;

export class SafetyFactError extends Error {}

/** Renders every `{{safety:…}}` placeholder; throws SafetyFactError for an unknown fact or value. */
export function expandSafetyFacts(text: string): string {
  return text.replace(PLACEHOLDER, (whole, id: string, key: string | undefined) => {
    const fact = (SAFETY_FACTS as Record<string, SafetyFact>)[id];
    if (!fact) throw new SafetyFactError(`unknown safety fact ${whole}`);
    if (key === undefined) return fact.text;
    const value = fact.values[key];
    if (value === undefined) throw new SafetyFactError(`safety fact ${id} has no value ${key} (${whole})`);
    return value;
  });
}

/** Does the text refer to the fact (by placeholder), or state it as rendered? */
export const refersTo = (text: string, id: SafetyFactId): boolean =>
  text.includes(`{{safety:${id}}}`) || text.includes(SAFETY_FACTS[id].text);
