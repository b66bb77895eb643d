/**
 * `npm run check:content [dir]`: reads every content kind as the server would at start — schemas,
 * Markdown, media, ids and cross-references — and says what is wrong, naming the file, without
 * touching any database (issue #14 §1). The content checks in content/*.test.ts go further.
 */
import { join } from 'node:path';
import { ContentError } from '../apps/server/src/content/content-kind.ts';
import { readAllKinds } from '../apps/server/src/content/load-content.ts';

const dir = process.argv[2] ?? join(new URL('../', import.meta.url).pathname, 'content');
try {
  const all = readAllKinds(dir);
  console.log([...all].map(([kind, items]) => `${kind} ${items.length}`).join(', '));
  console.log('内容检查通过');
} catch (err) {
  if (!(err instanceof ContentError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}
