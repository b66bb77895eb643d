import { parse as parseYaml } from 'yaml';

/**
 * Content Markdown files (issue #14 §2) start with YAML front matter between `---` lines; the rest
 * is the Markdown body. Returns the parsed front matter (unvalidated) and the body.
 */
export function splitFrontMatter(text: string, where: string): { data: unknown; body: string } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`Invalid content in ${where}: the file must start with front matter between --- lines`);
  let data: unknown;
  try {
    data = parseYaml(m[1]!, { strict: true, uniqueKeys: true });
  } catch (err) {
    throw new Error(`Invalid content in ${where}: front matter is not valid YAML (${(err as Error).message.split('\n')[0]})`, {
      cause: err,
    });
  }
  return { data, body: m[2]!.trim() };
}
