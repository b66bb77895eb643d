/** Video categories and their names, zod-free for the screens (issue #16). */
export const VIDEO_CATEGORIES = ['brand', 'health'] as const;
export type VideoCategory = (typeof VIDEO_CATEGORIES)[number];
export const VIDEO_CATEGORY_NAMES: Record<VideoCategory, string> = { brand: '了解品牌', health: '健康小知识' };
