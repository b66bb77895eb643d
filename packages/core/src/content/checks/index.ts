import { ACUPOINT_RULES } from './acupoint-rules.ts';
import { BRAND_RULES } from './brand-rules.ts';
import { CheckContext, type Rule } from './context.ts';
import { PRESCRIPTION_RULES } from './prescription-rules.ts';
import { PRODUCT_RULES } from './product-rules.ts';
import { REFERENCE_RULES } from './reference-rules.ts';
import { SAFETY_FACT_RULES } from './safety-fact-rules.ts';
import { SCHEMA_RULES } from './schema-rules.ts';
import { parseTree, type ContentFinding, type SourceTree } from './source-tree.ts';
import { WORDING_RULES } from './wording-rules.ts';

/**
 * The automated content checks (issue #29): the same rules the content tests run in CI, in one
 * implementation, so the console can show each finding inline (file, item, field, reason) and refuse
 * to submit a draft with a blocking one. `tree` maps a path relative to the content folder
 * (`products/family-set.md`) to the file's text as written; the result is every finding, blocking
 * (safety, law, consistency) and advice-level alike. Pure and fast: no file system, one pass per rule.
 */
export type { ContentFinding, SourceTree };

export const RULES: readonly Rule[] = [
  ...SCHEMA_RULES,
  ...SAFETY_FACT_RULES,
  ...ACUPOINT_RULES,
  ...PRESCRIPTION_RULES,
  ...WORDING_RULES,
  ...PRODUCT_RULES,
  ...REFERENCE_RULES,
  ...BRAND_RULES,
];

export function checkContent(tree: ReadonlyMap<string, string>): ContentFinding[] {
  const ctx = new CheckContext(parseTree(tree));
  for (const rule of RULES) rule(ctx);
  return [...ctx.parsed.broken, ...ctx.findings];
}

/** The findings on one item (what the console shows beside a draft). */
export const findingsFor = (findings: readonly ContentFinding[], file: string, itemId: string | null): ContentFinding[] =>
  findings.filter((f) => f.file === file && (itemId === null || f.itemId === itemId || f.itemId === null));

const findingKey = (f: ContentFinding) => `${f.file}\u0000${f.itemId ?? ''}\u0000${f.rule}\u0000${f.field}\u0000${f.message}`;

/**
 * The findings a draft brings in: those of the tree with the draft that the published tree did not
 * have. A draft is then judged by what it changes, including on other items (a point made 禁灸 that a
 * condition prescribes), not by an older finding elsewhere.
 */
export function introducedBy(before: readonly ContentFinding[], after: readonly ContentFinding[]): ContentFinding[] {
  const known = new Set(before.map(findingKey));
  return after.filter((f) => !known.has(findingKey(f)));
}
