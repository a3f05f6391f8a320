import { readFileSync } from 'node:fs';
import { type Script, script } from './script.ts';

/**
 * The Lua scripts' directory: `lua/` beside this module in the sources (the server runs from
 * them with tsx), and beside the bundle in the image (`scripts/bundle.mjs` copies it there).
 */
const LUA_DIR = new URL('./lua/', import.meta.url);

/** The text of one `.lua` file of `redis/lua/`, read once when its script is made (at import). */
export function luaText(file: string): string {
  return readFileSync(new URL(file, LUA_DIR), 'utf8');
}

/**
 * A script made of `.lua` files in order (helpers first, then the script's body), each read
 * once; `prelude`: Lua that comes before them (constants the TypeScript side defines too).
 */
export function luaScript(files: readonly string[], prelude = ''): Script {
  const made = script(prelude + files.map(luaText).join('\n'));
  made_.push({ files, script: made });
  return made;
}

/** Every script made so far, and of which files (a test loads each into Redis). */
export function madeScripts(): readonly { readonly files: readonly string[]; readonly script: Script }[] {
  return made_;
}

const made_: { readonly files: readonly string[]; readonly script: Script }[] = [];
