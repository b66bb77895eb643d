import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The bundling rule for module state (issue #14 §9, decision 012). The build copies small shared
 * chunks into the chunks that use them (fewer requests, issue #6); a module that holds state must
 * never be copied, or each copy would have its own state (two API clients, two stores that do not
 * hear each other). Instead of trusting file names, every app module is read as it is built, and
 * only one proven stateless may be copied: its top level holds nothing but imports, exports,
 * function declarations and constants made of literals, functions or calls known to be pure.
 * Anything else — `let`/`var`, classes (instanceof identity), `new Map()`, a store made by a call,
 * a statement run for its effect — makes it stateful. Unknown is stateful: the rule fails safe.
 */

type Node = { type: string; [key: string]: unknown };

/** Calls whose result holds no shared mutable state (schemas, memoised components, frozen data). */
const PURE_CALLEES = new Set([
  'memo',
  'lazy',
  'forwardRef',
  'Object.freeze',
  'Object.keys',
  'Object.values',
  'Object.entries',
  'Object.fromEntries',
  'Array.from',
  'Symbol',
  'String',
  'Number',
  'Boolean',
]);
const PURE_ROOTS = new Set(['z']); // zod schema builders: z.object(…), z.enum(…).default(…)

function calleeName(node: Node): string | null {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'MemberExpression' && !node.computed) {
    const object = calleeName(node.object as Node);
    return object ? `${object}.${(node.property as Node).name as string}` : null;
  }
  if (node.type === 'CallExpression') return calleeName(node.callee as Node);
  return null;
}

function isPure(node: Node | null | undefined): boolean {
  if (!node) return true;
  switch (node.type) {
    case 'Literal':
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'Identifier':
      return true;
    case 'TemplateLiteral':
      return (node.expressions as Node[]).every(isPure);
    case 'UnaryExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return isPure((node.argument ?? node.expression) as Node);
    case 'BinaryExpression':
    case 'LogicalExpression':
      return isPure(node.left as Node) && isPure(node.right as Node);
    case 'ConditionalExpression':
      return isPure(node.test as Node) && isPure(node.consequent as Node) && isPure(node.alternate as Node);
    case 'MemberExpression':
      return isPure(node.object as Node);
    // Literal objects and arrays are data; module code that mutates them would be state, which the
    // conventions forbid outside stores (docs/web-conventions.md).
    case 'ArrayExpression':
      return (node.elements as (Node | null)[]).every((e) => !e || isPure(e.type === 'SpreadElement' ? (e.argument as Node) : e));
    case 'ObjectExpression':
      return (node.properties as Node[]).every((p) =>
        p.type === 'SpreadElement' ? isPure(p.argument as Node) : isPure(p.value as Node) && (!p.computed || isPure(p.key as Node)),
      );
    // A Set or Map filled with literal data is a lookup table (an empty one is a registry: state).
    case 'NewExpression': {
      const name = calleeName(node.callee as Node);
      const args = node.arguments as Node[];
      return (name === 'Set' || name === 'Map') && args.length === 1 && args[0]!.type === 'ArrayExpression' && isPure(args[0]);
    }
    case 'CallExpression': {
      const name = calleeName(node.callee as Node);
      const root = name?.split('.')[0];
      return (
        name !== null &&
        (PURE_CALLEES.has(name) || (root !== undefined && PURE_ROOTS.has(root))) &&
        (node.arguments as Node[]).every((a) => isPure(a.type === 'SpreadElement' ? (a.argument as Node) : a))
      );
    }
    default:
      return false;
  }
}

function isStatelessStatement(statement: Node): boolean {
  switch (statement.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'FunctionDeclaration':
    case 'TSTypeAliasDeclaration':
    case 'TSInterfaceDeclaration':
      return true;
    case 'ExportNamedDeclaration':
    case 'ExportDefaultDeclaration': {
      const declaration = statement.declaration as Node | null;
      if (!declaration) return true; // export { a, b } / export … from
      return declaration.type.endsWith('Declaration') ? isStatelessStatement(declaration) : isPure(declaration);
    }
    case 'VariableDeclaration':
      return statement.kind === 'const' && (statement.declarations as Node[]).every((d) => isPure(d.init as Node));
    default:
      return false;
  }
}

/** True when the module's top level may hold state (the rule above). Exported for its unit test. */
export function holdsState(program: { body: Node[] }): boolean {
  return !program.body.every(isStatelessStatement);
}

const APP_CODE = /[\\/](apps[\\/]web[\\/]src|packages[\\/]core[\\/]src)[\\/].*\.(tsx?|jsx?)$/;

/**
 * Collects the stateful app modules while building, excludes them from chunk copying (`isStateful`
 * for vite.config.ts), and writes `.vite/module-state.json` into the build: every stateful module
 * and the files each app module ended up in, which the budget test reads (e2e/bundle-budget.test.ts).
 */
export function statefulModules(root: string) {
  const stateful = new Set<string>();
  const plugin: Plugin = {
    name: 'moxa:stateful-modules',
    enforce: 'post',
    transform(code, id) {
      if (!APP_CODE.test(id) || id.includes('node_modules')) return null;
      if (holdsState(this.parse(code) as unknown as { body: Node[] })) stateful.add(id);
      return null;
    },
    generateBundle(_options, bundle) {
      const files: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          if (!APP_CODE.test(id) || (chunk.modules[id]?.renderedLength ?? 0) === 0) continue;
          (files[relative(root, id)] ??= []).push(chunk.fileName);
        }
      }
      const report = { stateful: [...stateful].map((id) => relative(root, id)).sort(), files };
      this.emitFile({ type: 'asset', fileName: '.vite/module-state.json', source: JSON.stringify(report, null, 1) });
    },
  };
  return { plugin, isStateful: (id: string) => stateful.has(id) };
}
