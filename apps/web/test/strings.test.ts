import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

/**
 * No words in the components: every sentence the player sees or hears comes from the catalogue
 * (src/i18n/en.ts and es.ts), so nothing shows up in English on a Spanish page. This reads
 * every .svelte file's markup and code and fails on text that reads like words for a person.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** Text that is not language: key names, a shell command shown as it is typed, CSS selectors. */
const ALLOWED = new Set([
  'Enter',
  'Escape',
  'Tab',
  'Backspace',
  'Esc',
  '(pointer: coarse)',
  "pnpm --silent fives deal --rules '",
  "' --seed",
  '--commitment',
  'button, input, select, summary, [tabindex="0"]',
]);

/** Attributes a person reads or hears. */
const SPOKEN = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label', 'aria-valuetext']);

/** Words for a person: two words in a row, or one capitalised word. */
function reads(text: string): boolean {
  const s = text.trim();
  if (s === '' || ALLOWED.has(s)) return false;
  return /\p{L}{2,}[,.:;!?’'…]*\s+\p{L}/u.test(s) || /^\p{Lu}\p{Ll}+[.!?…]?$/u.test(s);
}

interface Found {
  readonly file: string;
  readonly text: string;
}

type Node = { readonly type?: unknown; readonly [key: string]: unknown };

function isNode(x: unknown): x is Node {
  return typeof x === 'object' && x !== null;
}

/** Every user-visible literal in a component: markup text, spoken attributes, string literals in code. */
export function literals(source: string): string[] {
  const ast = parse(source, { modern: true });
  const out: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, parentKey = ''): void => {
    if (!isNode(node) || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const n of node) walk(n, parentKey);
      return;
    }
    switch (node.type) {
      case 'StyleSheet':
      case 'Comment':
        return;
      case 'Text':
        if (typeof node.data === 'string' && /\p{L}/u.test(node.data)) out.push(node.data);
        return;
      case 'Attribute': {
        const value = node.value;
        if (typeof node.name === 'string' && SPOKEN.has(node.name) && Array.isArray(value)) {
          for (const v of value as unknown[]) if (isNode(v) && v.type === 'Text' && typeof v.data === 'string' && /\p{L}/u.test(v.data)) out.push(v.data);
        }
        // Expressions inside attribute values are walked below, like any other.
        if (!Array.isArray(value)) walk(value);
        else {
          for (const v of value as unknown[]) if (isNode(v) && v.type !== 'Text') walk(v);
        }
        return;
      }
      case 'Literal':
        if (typeof node.value === 'string' && parentKey !== 'source' && reads(node.value)) out.push(node.value);
        return;
      case 'TemplateElement': {
        const cooked = isNode(node.value) ? node.value.cooked : null;
        if (typeof cooked === 'string' && reads(cooked)) out.push(cooked);
        return;
      }
      default:
        for (const [key, value] of Object.entries(node)) if (key !== 'parent' && key !== 'leadingComments' && key !== 'trailingComments') walk(value, key);
    }
  };
  walk(ast.fragment);
  walk(ast.instance?.content);
  walk(ast.module?.content);
  return out.map((s) => s.trim()).filter((s) => s !== '' && !ALLOWED.has(s));
}

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return svelteFiles(full);
    return e.name.endsWith('.svelte') ? [full] : [];
  });
}

describe('strings in components', () => {
  it('finds words where they hide: markup, spoken attributes and code', () => {
    const found = literals(`<script lang="ts">const a = 'Your turn.'; const key = 'fives.lang';</script>
<p>Hello</p><button aria-label="Close it" class="x y">{ok ? 'Well done' : \`\${n} tiles left\`}</button><style>p { color: red; }</style>`);
    expect(found).toEqual(['Hello', 'Close it', 'Well done', 'tiles left', 'Your turn.']);
  });

  it('leaves what is not language alone', () => {
    expect(
      literals(`<script lang="ts">const c = 'primary'; const k = e.key === 'Escape'; const d = "M15 5l-7 7 7 7";</script>
<svg><path d="M4 10v4h4l5 4V6L8 10z" /></svg><span class="dot {s}" data-end="lead">{n} · {m}</span><!-- a comment -->`),
    ).toEqual([]);
  });

  const files = svelteFiles(SRC);
  it('covers the components', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((f) => [path.relative(SRC, f), f]))('%s has no words of its own: they come from the catalogue', (_name, file) => {
    const found: Found[] = literals(readFileSync(file, 'utf8')).map((text) => ({ file: path.relative(SRC, file), text }));
    expect(found).toEqual([]);
  });
});
