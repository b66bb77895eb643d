import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ItemSource } from '@moxa/core/console/console-contract';
import { ContentError, type ContentItem } from '../../content/content-kind.ts';
import type { CompiledContent, ConsoleKindInfo, ContentBackend, ContentFinding, SourceTree } from '../content-backend.ts';

const ThingSchema = z.object({ id: z.string(), name: z.string().min(1), price: z.number() });
const NoteSchema = z.object({ id: z.string(), title: z.string().min(1), position: z.number().int() });

/**
 * A small content pipeline for the workflow's tests (issue #29), shaped like the real one: `things/`
 * JSON items with a price, `notes/` Markdown with front matter, `frozen.json` not editable. Its checks
 * block a promised cure (治愈) and a price that is not positive, and warn on 最 (advertising words).
 */
export function memoryBackend(seed: Record<string, string> = defaultSeed()) {
  let published: SourceTree = new Map(Object.entries(seed));
  const announced: string[] = [];
  const previews = new Map<string, CompiledContent>();
  const previewRevisions = new Map<string, { revisionId: string; expiresAt: number }>();
  const hashOf = (tree: SourceTree) =>
    createHash('sha256')
      .update(JSON.stringify([...tree].sort()))
      .digest('hex');

  const kinds: ConsoleKindInfo[] = [
    {
      kind: 'thing',
      label: '物品',
      edit: { creatable: true, schema: ThingSchema, paths: (id) => [`/things/${id}`] },
      title: (it) => (it.data as { name: string }).name,
    },
    {
      kind: 'note',
      label: '笔记',
      edit: { creatable: false, schema: NoteSchema, paths: (id) => [`/notes/${id}`] },
      title: (it) => (it.data as { title: string }).title,
    },
    { kind: 'frozen', label: '固定', edit: null, title: (it) => it.id },
  ];

  function compile(tree: SourceTree): CompiledContent {
    const out: CompiledContent = new Map([
      ['thing', []],
      ['note', []],
      ['frozen', []],
    ]);
    for (const [file, text] of [...tree].sort(([a], [b]) => a.localeCompare(b))) {
      if (file.startsWith('things/')) {
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (err) {
          throw new ContentError(`Invalid content in ${file}: ${(err as Error).message}`);
        }
        const parsed = ThingSchema.safeParse(value);
        if (!parsed.success) throw new ContentError(`Invalid content in ${file}: ${parsed.error.issues[0]?.path.join('.')}`);
        out.get('thing')!.push({ id: parsed.data.id, position: out.get('thing')!.length, file, data: parsed.data });
      } else if (file.startsWith('notes/')) {
        const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
        if (!m) throw new ContentError(`Invalid content in ${file}: no front matter`);
        const fields = JSON.parse(m[1]!) as unknown;
        const parsed = NoteSchema.safeParse(fields);
        if (!parsed.success) throw new ContentError(`Invalid content in ${file}: ${parsed.error.issues[0]?.path.join('.')}`);
        out.get('note')!.push({ id: parsed.data.id, position: parsed.data.position, file, data: { ...parsed.data, body: m[2] } });
      } else if (file === 'frozen.json') {
        for (const [position, id] of (JSON.parse(text) as string[]).entries())
          out.get('frozen')!.push({ id, position, file, data: { id } });
      }
    }
    return out;
  }

  const fileOf = (kind: string, id: string) => (kind === 'thing' ? `things/${id}.json` : `notes/${id}.md`);

  const backend: ContentBackend & {
    announced: string[];
    published(): SourceTree;
    previews: typeof previews;
    failNextPublish: boolean;
    loseNextPublishAnswer: boolean;
  } = {
    announced,
    failNextPublish: false,
    loseNextPublishAnswer: false,
    previews,
    published: () => published,
    kinds: () => kinds,
    publishedTree: async () => published,
    compile,
    itemSource(tree, compiled, kind, id) {
      const item = compiled.get(kind)?.find((it) => it.id === id);
      if (!item || (kind !== 'thing' && kind !== 'note')) return null;
      const text = tree.get(item.file)!;
      if (kind === 'thing') return { file: item.file, source: { format: 'json', value: JSON.parse(text) as Record<string, unknown> } };
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
      return { file: item.file, source: { format: 'markdown', fields: JSON.parse(m[1]!) as Record<string, unknown>, body: m[2]! } };
    },
    withItem(tree, _compiled, kind, id, source: ItemSource, isNew) {
      if (kind !== 'thing' && kind !== 'note') throw new ContentError(`kind ${kind} is not editable`);
      const file = fileOf(kind, id);
      if (isNew === tree.has(file)) throw new ContentError(isNew ? `${file} exists` : `${file} does not exist`);
      const next = new Map(tree);
      if (kind === 'thing') {
        if (source.format !== 'json') throw new ContentError('a thing is JSON');
        next.set(file, JSON.stringify({ ...source.value, id }));
      } else {
        if (source.format !== 'markdown') throw new ContentError('a note is Markdown');
        next.set(file, `---\n${JSON.stringify({ ...source.fields, id })}\n---\n${source.body}`);
      }
      return next;
    },
    check(tree) {
      const findings: ContentFinding[] = [];
      for (const [file, text] of tree) {
        const itemId = /\/([^/]+)\.(json|md)$/.exec(file)?.[1] ?? null;
        if (text.includes('治愈'))
          findings.push({ file, itemId, rule: 'cure-promise', field: 'body', message: '不得承诺治愈（《广告法》）', blocking: true });
        if (text.includes('最'))
          findings.push({ file, itemId, rule: 'ad-words', field: 'name', message: '“最”是广告法禁用的绝对化用语', blocking: false });
        if (file.startsWith('things/')) {
          try {
            const price = (JSON.parse(text) as { price?: unknown }).price;
            if (typeof price === 'number' && price <= 0)
              findings.push({ file, itemId, rule: 'price', field: 'price', message: '价格必须大于 0', blocking: true });
          } catch {
            // A broken file is the loader's finding.
          }
        }
      }
      return findings;
    },
    async publish(tree) {
      if (backend.failNextPublish) {
        backend.failNextPublish = false;
        throw new Error('database unavailable');
      }
      published = new Map(tree);
      if (backend.loseNextPublishAnswer) {
        // Written, but the answer never came back (the process died, the connection dropped).
        backend.loseNextPublishAnswer = false;
        throw new Error('connection lost');
      }
      return hashOf(tree);
    },
    async announce(hash) {
      announced.push(hash);
    },
    async addPreview(compiled, revisionId) {
      const token = randomBytes(16).toString('base64url');
      const expiresAt = Date.now() + 30 * 60_000;
      previews.set(token, compiled);
      previewRevisions.set(token, { revisionId, expiresAt });
      return { token, expiresAt };
    },
    async previewRevision(token) {
      const found = previewRevisions.get(token);
      return found && found.expiresAt > Date.now() ? found : null;
    },
  };
  return backend;
}
export type MemoryBackend = ReturnType<typeof memoryBackend>;

export function defaultSeed(): Record<string, string> {
  return {
    'things/lamp.json': JSON.stringify({ id: 'lamp', name: '艾灸灯', price: 199 }),
    'things/box.json': JSON.stringify({ id: 'box', name: '艾灸盒', price: 59 }),
    'notes/intro.md': `---\n${JSON.stringify({ id: 'intro', title: '入门', position: 1 })}\n---\n艾灸入门。`,
    'frozen.json': JSON.stringify(['a', 'b']),
  };
}

export type { ContentItem };
