/**
 * The glossary's categories (术语, issue #26 "Plain words for jargon") in the order the /glossary screen
 * lists them — plain constants, free of zod, so the web can group terms without shipping the schema
 * library.
 */
export const GLOSSARY_CATEGORIES = ['取穴', '施灸方法', '特定穴', '体质', '辨证与症状', '舌象', '调理说法', '其他'] as const;
export type GlossaryCategory = (typeof GLOSSARY_CATEGORIES)[number];
