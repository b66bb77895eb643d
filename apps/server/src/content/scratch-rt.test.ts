import { expect, it } from 'vitest';
import { contentSources, readSeed } from './content-sources.ts';
import { CONTENT_KINDS } from './registry.ts';
import { editableKinds } from './content-kind.ts';

it('scratch', () => {
  const s = contentSources(null as never, 'content');
  const tree = readSeed('content');
  const compiled = s.compile(tree);
  let n = 0; const bad: string[] = [];
  for (const k of editableKinds(CONTENT_KINDS)) {
    for (const it of compiled.get(k.name)!) {
      const src = s.itemSource(tree, compiled, k.name, it.id);
      if (!k.editable) { expect(src).toBeNull(); continue; }
      if (!src) { bad.push(`${k.name} ${it.id} null`); continue; }
      const next = s.withItem(tree, compiled, k.name, it.id, src.source, false);
      if (next.get(src.file) !== tree.get(src.file)) bad.push(`${k.name} ${it.id}`);
      const obj = src.source.format === 'markdown' ? src.source.fields : src.source.value;
      const key = Object.keys(obj).find((x) => typeof obj[x] === 'string' && x !== 'id' && x !== 'code');
      if (!key) continue;
      const changed = structuredClone(src.source);
      const o2 = changed.format === 'markdown' ? changed.fields : changed.value;
      o2[key] = 'X' + String(o2[key]);
      if (changed.format === 'markdown') changed.body = changed.body + ' 改';
      const t1 = s.withItem(tree, compiled, k.name, it.id, changed, false);
      const t2 = s.withItem(t1, compiled, k.name, it.id, src.source, false);
      if (t2.get(src.file) !== tree.get(src.file)) { bad.push(`back ${k.name} ${it.id} ${key}`); if (bad.length < 4) { const a = tree.get(src.file)!.split('\n'), b = t2.get(src.file)!.split('\n'); for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) { console.log(src.file, JSON.stringify(a[i]), '=>', JSON.stringify(b[i])); break; } } }
      n++;
    }
  }
  console.log(n, bad.slice(0, 10), bad.length);
});
