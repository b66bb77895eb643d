import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** All files under the content folder, for change detection (tests beside the content are not content). */
export function listContentFiles(dir: string, sub = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listContentFiles(dir, rel));
    else if (!entry.name.endsWith('.test.ts')) out.push(rel);
  }
  return out.sort();
}
