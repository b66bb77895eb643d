import { describe, expect, it } from 'vitest';
import { formatDuration, formatViews } from './media-format.ts';

describe('video formats', () => {
  it('shows durations as m:ss and views in 万 from ten thousand', () => {
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(20)).toBe('0:20');
    expect(formatViews(0)).toBe('0次播放');
    expect(formatViews(9999)).toBe('9999次播放');
    expect(formatViews(12_345)).toBe('1.2万次播放');
    expect(formatViews(30_000)).toBe('3万次播放');
  });
});
