import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * Lets the bundler drop the workspace packages' module-level values that the client never uses.
 *
 * The engine, protocol, bots and table packages build values at module level — zod schemas
 * (`export const X = z.int().min(0)…`), the computer players' policies — and a bundler must keep
 * a call it cannot prove free of side effects. zod's classic builders carry no purity annotations,
 * so one import of `ErrorCode` from errors.ts kept every schema beside it and with them all of
 * zod (24 KB gzipped of the first page's 107); one import of `LEVELS` kept every policy. In
 * these packages a module-level `const` is only ever a value (nothing registers itself or writes
 * anywhere while being built; zod's global `config` is a statement, not a const), so every call in
 * such an initializer is marked `@__PURE__`: kept when something reaches the value, dropped
 * otherwise. Calls inside functions are left alone: they run only when called.
 */
/** The workspace packages whose module-level constants are plain values. */
const PACKAGES = /\/packages\/(engine|protocol|bots|table)\/src\/.*\.ts$/;

export function pureConstants(): Plugin {
  return {
    name: 'fives:pure-constants',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!PACKAGES.test(id)) return null;
      const out = new MagicString(code);
      let marked = 0;
      const visit = (node: unknown): void => {
        if (node === null || typeof node !== 'object') return;
        if (Array.isArray(node)) {
          for (const child of node) visit(child);
          return;
        }
        const n = node as { type?: string; start?: number; end?: number };
        if (n.type === 'ArrowFunctionExpression' || n.type === 'FunctionExpression' || n.type === 'ClassExpression') return;
        if ((n.type === 'CallExpression' || n.type === 'NewExpression') && n.start !== undefined && n.end !== undefined) {
          // Outer calls are met first, so nested chains nest: `(/*P*/ (/*P*/ z.int()).min(0))`.
          out.appendLeft(n.start, '(/* @__PURE__ */ ');
          out.appendLeft(n.end, ')');
          marked++;
        }
        for (const [key, value] of Object.entries(node)) if (key !== 'type' && key !== 'start' && key !== 'end') visit(value);
      };
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const d of declaration.declarations) visit(d.init);
      }
      if (marked === 0) return null;
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}
