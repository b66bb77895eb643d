import { customPinyin, pinyin } from 'pinyin-pro';
import { z } from 'zod';
import { QUICK_COUNTRY_CODES } from '../login/constants.ts';
import raw from './countries.json' with { type: 'json' };

/** Spec §3 country entry. */
export const CountrySchema = z.object({
  id: z.number().int(),
  abbr: z.string().regex(/^[A-Z]{2}$/),
  name: z.string().min(1),
  nameEn: z.string().min(1),
  code: z.string().regex(/^[0-9]{1,4}$/),
});
export type Country = z.infer<typeof CountrySchema>;
/** Derived for display (spec §3): pinyin and its initial letter. */
export type CountryView = Country & { pinyin: string; letter: string };
export type CountryGroup = { title: string; key: string; items: CountryView[] };

export const COUNTRIES: readonly Country[] = z.array(CountrySchema).parse(raw);

/**
 * Names whose first character pinyin-pro reads wrongly out of context. Spec §9: custom entries
 * (weight 100) outrank surname (10) and normal (1) readings, which is how pinyin-pro ranks them.
 */
const CUSTOM_READINGS: Record<string, string> = {
  厄瓜多尔: 'è guā duō ěr',
  厄立特里亚: 'è lì tè lǐ yà',
  贝宁: 'bèi níng',
  乍得: 'zhà dé',
  圭亚那: 'guī yà nà',
  秘鲁: 'bì lǔ',
  塞浦路斯: 'sài pǔ lù sī',
  塞尔维亚: 'sài ěr wéi yà',
  塞内加尔: 'sài nèi jiā ěr',
  塞拉利昂: 'sài lā lì áng',
  塞舌尔: 'sài shé ěr',
  沙特阿拉伯: 'shā tè ā lā bó',
  柬埔寨: 'jiǎn pǔ zhài',
  冈比亚: 'gāng bǐ yà',
  佛得角: 'fó dé jiǎo',
  几内亚: 'jǐ nèi yà',
  几内亚比绍: 'jǐ nèi yà bǐ shào',
  赤道几内亚: 'chì dào jǐ nèi yà',
  巴布亚新几内亚: 'bā bù yà xīn jǐ nèi yà',
  卡塔尔: 'kǎ tǎ ěr',
  喀麦隆: 'kā mài lóng',
  莫桑比克: 'mò sāng bǐ kè',
  阿曼: 'ā màn',
  阿塞拜疆: 'ā sài bài jiāng',
  阿尔巴尼亚: 'ā ěr bā ní yà',
  黑山: 'hēi shān',
  朝鲜: 'cháo xiǎn',
};
customPinyin(CUSTOM_READINGS);

function toView(c: Country): CountryView {
  const py = pinyin(c.name, { toneType: 'none', type: 'array' }).join('');
  return { ...c, pinyin: py, letter: (py[0] ?? '#').toUpperCase() };
}

/**
 * Spec §2: a quick-access group first (86, 852, 853, 886, 65), then A–Z by the pinyin initial of
 * the Chinese name, each group sorted by full pinyin.
 */
export function groupCountries(countries: readonly Country[] = COUNTRIES): CountryGroup[] {
  const views = countries.map(toView);
  const quick = QUICK_COUNTRY_CODES.map((code) => views.find((v) => v.code === code && isQuickEntry(v))).filter(
    (v): v is CountryView => v !== undefined,
  );
  const byLetter = new Map<string, CountryView[]>();
  for (const v of views) {
    const list = byLetter.get(v.letter) ?? [];
    list.push(v);
    byLetter.set(v.letter, list);
  }
  const letters = [...byLetter.keys()].filter((l) => /^[A-Z]$/.test(l)).sort();
  return [
    { title: '常用', key: '#', items: quick },
    ...letters.map((letter) => ({
      title: letter,
      key: letter,
      items: (byLetter.get(letter) ?? []).sort((a, b) => (a.pinyin === b.pinyin ? a.id - b.id : a.pinyin < b.pinyin ? -1 : 1)),
    })),
  ];
}

/** Dialling code 1 is shared (US, Canada …): the quick group holds the listed regions only. */
const QUICK_ABBRS = new Set(['CN', 'HK', 'MO', 'TW', 'SG']);
function isQuickEntry(v: CountryView): boolean {
  return QUICK_ABBRS.has(v.abbr);
}
