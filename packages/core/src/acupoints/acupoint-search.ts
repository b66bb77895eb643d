import type { SearchDoc } from '../search/text-search.ts';
import { aliasCodes } from './acupoint-codes.ts';

type Searchable = {
  code: string;
  name: string;
  pinyin: string;
  indications: readonly string[];
  common: boolean;
  aliases?: readonly { name: string; pinyin: string }[] | undefined;
};

/**
 * One search document per point, built the same way on the server (GET /api/v8/acupoints?q=) and
 * in the browser (offline, as-you-type search), so both rank alike: codes with their SJ/DU/RN
 * alias, indications as keywords, common moxibustion points boosted on ties.
 */
export function acupointSearchDoc<P extends Searchable>(p: P): SearchDoc & { point: P } {
  return {
    id: p.code,
    name: p.name,
    pinyin: p.pinyin,
    codes: aliasCodes(p.code),
    keywords: p.indications,
    aliases: p.aliases ?? [],
    boost: p.common ? 5 : 0,
    point: p,
  };
}
