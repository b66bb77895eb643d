import { z } from 'zod';

/**
 * GET /api/v8/countries (spec §2–3): the quick group, then A–Z by pinyin. Each entry is a country
 * with its display pinyin and initial (countries.ts derives them with pinyin-pro, on the server only;
 * this file imports no pinyin so the web can take its types).
 */
export const CountryEntrySchema = z.object({
  id: z.number(),
  abbr: z.string(),
  name: z.string(),
  nameEn: z.string(),
  code: z.string(),
  pinyin: z.string(),
  letter: z.string(),
});
export type CountryEntry = z.infer<typeof CountryEntrySchema>;

export const CountryGroupSchema = z.object({
  title: z.string(),
  key: z.string(),
  items: z.array(CountryEntrySchema),
});
export type CountryGroupAnswer = z.infer<typeof CountryGroupSchema>;
