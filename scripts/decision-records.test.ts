import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = new URL('../docs/decisions/', import.meta.url);
const records = readdirSync(DIR)
  .filter((f) => /^\d{3}-.+\.md$/.test(f))
  .sort();
const index = readFileSync(new URL('README.md', DIR), 'utf8');

/** Issue #28 item 6: the index of decision records lists every record, and each record names itself. */
describe('decision records', () => {
  it('finds the records', () => {
    expect(records.length).toBeGreaterThan(20);
  });

  it.each(records)('%s is listed in docs/decisions/README.md', (file) => {
    expect(index).toContain(`](${file})`);
  });

  it.each(records)('%s opens with its own number', (file) => {
    expect(readFileSync(new URL(file, DIR), 'utf8').split('\n')[0]).toMatch(new RegExp(`^# ${file.slice(0, 3)} — `));
  });

  it('lists no record that does not exist', () => {
    const listed = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(listed.filter((f) => !records.includes(f!))).toEqual([]);
  });
});
