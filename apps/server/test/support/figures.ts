import { appendFileSync } from 'node:fs';

/**
 * The figures docs/reliability.md quotes (issue #7): with RELIABILITY_FIGURES=<file>, each reliability
 * test appends what it measured as one JSON line; without it, nothing is written.
 */
export function recordFigure(name: string, data: Record<string, unknown>): void {
  const file = process.env.RELIABILITY_FIGURES;
  if (file) appendFileSync(file, JSON.stringify({ name, at: new Date().toISOString(), ...data }) + '\n');
}
