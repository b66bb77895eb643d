/** 75 → "1:15" (issue #16 video cards). */
export const formatDuration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** 12345 → "1.2万次播放"; small counts as they are. */
export const formatViews = (views: number) =>
  views >= 10_000 ? `${(views / 10_000).toFixed(1).replace(/\.0$/, '')}万次播放` : `${views}次播放`;
