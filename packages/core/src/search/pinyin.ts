import { pinyin } from 'pinyin-pro';

/**
 * Tone-marked pinyin of a title, one item per character (SearchDoc.pinyin, issue #14 §4), so search
 * ranges over syllables map one-to-one onto the title's characters.
 */
export const pinyinOf = (text: string): string => pinyin(text, { type: 'array' }).join(' ');
