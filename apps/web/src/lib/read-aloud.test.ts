import { describe, expect, it } from 'vitest';
import { chunkText, MAX_CHUNK, pickChineseVoice } from './read-aloud.ts';

const voice = (lang: string, name = lang, localService = true, isDefault = false) => ({ lang, name, localService, default: isDefault });

describe('chunkText (issue #18 朗读)', () => {
  it('keeps sentences whole and in order, joining short ones', () => {
    const text = '足三里是常用保健穴。位于小腿外侧！每次灸十分钟？可以。';
    const chunks = chunkText(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks).toEqual([text]);
    expect(chunkText(text, 12)).toEqual(['足三里是常用保健穴。', '位于小腿外侧！', '每次灸十分钟？可以。']);
  });

  it('never returns a piece longer than the limit, cutting at commas first', () => {
    const long = `${'温和灸时艾条距离皮肤约两三厘米，'.repeat(12)}以皮肤温热微红为度。`;
    const chunks = chunkText(long);
    expect(chunks.every((c) => c.length <= MAX_CHUNK)).toBe(true);
    expect(chunks.join('')).toBe(long);
    expect(chunks[0]!.endsWith('，')).toBe(true);
  });

  it('cuts a run without punctuation every max characters', () => {
    const run = '艾'.repeat(250);
    expect(chunkText(run, 100).map((c) => c.length)).toEqual([100, 100, 50]);
  });

  it('treats line breaks as sentence ends and drops blank text', () => {
    expect(chunkText('标题\n\n正文第一句。', 4)).toEqual(['标题', '正文第一', '句。']);
    expect(chunkText('  \n ')).toEqual([]);
  });
});

describe('pickChineseVoice (issue #18 朗读)', () => {
  it('prefers a zh-CN voice on the device', () => {
    const v = [voice('en-US'), voice('zh-TW'), voice('zh-CN', 'online', false), voice('zh-CN', 'local'), voice('zh-HK')];
    expect(pickChineseVoice(v)?.name).toBe('local');
  });

  it('accepts underscore tags and other Mandarin tags, Taiwanese Mandarin last', () => {
    expect(pickChineseVoice([voice('zh_CN')])?.lang).toBe('zh_CN');
    expect(pickChineseVoice([voice('zh-TW'), voice('cmn-Hans-CN')])?.lang).toBe('cmn-Hans-CN');
    expect(pickChineseVoice([voice('zh-TW')])?.lang).toBe('zh-TW');
  });

  it('finds none without a Mandarin voice (Cantonese does not count)', () => {
    expect(pickChineseVoice([voice('en-US'), voice('zh-HK'), voice('yue-HK')])).toBeNull();
    expect(pickChineseVoice([])).toBeNull();
  });
});
