import { describe, expect, it } from 'vitest';
import { shareText, wrapText } from './share-layout.ts';
import { resultWith } from './test-fixtures.ts';

// Every character is 10 units wide.
const measure = (s: string) => [...s].length * 10;

describe('wrapText', () => {
  it('breaks Chinese text at the width', () => {
    expect(wrapText('气虚质兼有阳虚质', 30, measure)).toEqual(['气虚质', '兼有阳', '虚质']);
  });

  it('keeps punctuation with the line before', () => {
    expect(wrapText('气虚质，兼有', 30, measure)).toEqual(['气虚质，', '兼有']);
  });

  it('ends with an ellipsis when over the line limit', () => {
    expect(wrapText('一二三四五六七八九', 30, measure, 2)).toEqual(['一二三', '四五…']);
  });

  it('returns nothing for empty text', () => {
    expect(wrapText('', 30, measure)).toEqual([]);
  });
});

describe('shareText', () => {
  it('holds title, type, conclusion, date and app name', () => {
    const createdAt = new Date(2025, 2, 8, 9, 5).toISOString();
    const t = shareText({
      result: resultWith({}, { primary: 'qixu', conclusion: '气虚质，兼有阳虚质' }),
      createdAt,
      summary: '元气不足',
      appName: '艾灸养生',
      link: 'https://h5.example.com/physical',
    });
    expect(t).toMatchObject({
      title: '我的中医体质测试结果',
      label: '我的体质',
      typeName: '气虚质',
      summary: '元气不足',
      conclusion: '判定结果：气虚质，兼有阳虚质',
      date: '测试日期：2025年3月8日',
      appName: '艾灸养生',
      link: 'https://h5.example.com/physical',
      qrCaption: '长按识别二维码，测测您的体质',
    });
  });

  it('says plainly when no type was reached', () => {
    const t = shareText({
      result: resultWith({}, { primary: null, conclusion: '未达到某一体质的判定标准，有气郁质倾向' }),
      createdAt: new Date().toISOString(),
      appName: '艾灸养生',
      link: 'https://h5.example.com/physical',
    });
    expect(t.label).toBe('测试结论');
    expect(t.typeName).toBe('暂未判定体质');
  });
});
