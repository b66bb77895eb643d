import { z } from 'zod';
import { GLOSSARY_CATEGORIES } from './glossary-categories.ts';

/**
 * The glossary (术语, issue #26 "Plain words for jargon"): words a lay reader meets on the content
 * pages — 寸, 壮, 合穴, 阴虚, 舌象 words … — each with a one- or two-sentence plain explanation,
 * authored in content/glossary/terms.json. The web marks a term's first occurrence on a page and
 * explains it in a sheet; /glossary lists them all.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A term or alias as it stands in running text: 1–8 characters, no spaces or punctuation around it. */
const Word = z
  .string()
  .min(1)
  .max(8)
  .regex(/^\S(?:.*\S)?$/, { error: 'no spaces around a term' });

export const GlossaryCategorySchema = z.enum(GLOSSARY_CATEGORIES);

export const GlossaryTermSchema = z.object({
  id: z.string().regex(SLUG).max(64),
  term: Word,
  /** Other ways the same thing is written (同身寸 for 寸); each is marked and searched like the term. */
  aliases: z.array(Word).max(8).default([]),
  category: GlossaryCategorySchema,
  explanation: z.string().min(10).max(120),
});
export type GlossaryTerm = z.infer<typeof GlossaryTermSchema>;

/** `GET /api/v8/glossary`: every term, in the file's order (the screen groups them by category). */
export const GlossaryAnswerSchema = z.array(GlossaryTermSchema);
export type GlossaryAnswer = z.infer<typeof GlossaryAnswerSchema>;
