import type { Plugin } from 'vite';

/** V8's explicit compile hint for a whole file (Chrome 136+): must be the file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

type Chunk = { type: 'chunk'; fileName: string; imports: string[]; facadeModuleId: string | null; isEntry: boolean; code: string };

/**
 * Marks the files a screen runs as it starts (issue #6, TBT) with V8's explicit compile hint, so
 * their functions are compiled while the file streams in, on a background thread, instead of on the
 * main thread the first time each is called (react-dom's functions during hydration, most of all).
 * Browsers without the feature read an ordinary comment.
 *
 * The start-up files are those e2e/lib/bundle.ts counts for a screen: the entry, app/mount.tsx
 * (react-dom and the shell), each screen module a route row names (build/screens.ts, decision 031),
 * and the query provider, with their static imports.
 * What loads on demand (the country sheet, charts, Toast and Dialog) stays lazily compiled: few of
 * its functions run when it arrives, and compiling all of them would only cost memory.
 */
export function compileHints(isScreen: (id: string) => boolean): Plugin {
  return {
    name: 'moxa-compile-hints',
    apply: 'build',
    enforce: 'post',
    // Last of all: after minification (which would drop the comment) and after Vite's preload
    // helper prepends its dependency map (the hint must be the first line). Also after hashing: a
    // file's name is the same with or without the hint, which changes nothing it does.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, Chunk>();
        for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as Chunk);
        const isStartup = (c: Chunk) =>
          c.isEntry ||
          /[\\/]src[\\/]app[\\/]mount\.tsx$/.test(c.facadeModuleId ?? '') ||
          isScreen(c.facadeModuleId ?? '') ||
          /[\\/]src[\\/]components[\\/]with-query\.tsx$/.test(c.facadeModuleId ?? '') ||
          /^assets\/query-/.test(c.fileName);
        const marked = new Set<string>();
        const mark = (c: Chunk | undefined) => {
          if (!c || marked.has(c.fileName)) return;
          marked.add(c.fileName);
          c.imports.forEach((f) => mark(chunks.get(f)));
        };
        for (const c of chunks.values()) if (isStartup(c)) mark(c);
        for (const f of marked) {
          const c = chunks.get(f)!;
          if (!c.code.startsWith(COMPILE_HINT)) c.code = COMPILE_HINT + c.code;
        }
      },
    },
  };
}
