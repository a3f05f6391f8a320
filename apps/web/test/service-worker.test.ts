import { runInNewContext } from 'node:vm';
import { PUSH_KINDS } from '@fives/protocol';
import { describe, expect, it } from 'vitest';
import { noteWords, operatorConsoleFiles, workerSource } from '../scripts/service-worker.ts';
import { LANGUAGES } from '../src/i18n/i18n.svelte.ts';

type Listener = (event: Record<string, unknown>) => void;

/** The generated worker, run against a stand-in of the browser's worker scope. */
function worker(tabs: { url: string; focused: boolean }[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const scope = {
    location: { origin: 'https://fives.example.org' },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    registration: {
      showNotification: (title: string, options: Record<string, unknown>) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients: {
      matchAll: () =>
        Promise.resolve(
          tabs.map((tab) => ({
            url: tab.url,
            focus: () => {
              tab.focused = true;
              return Promise.resolve(tab);
            },
            navigate: (url: string) => {
              tab.url = url;
              return Promise.resolve({ focus: () => ((tab.focused = true), Promise.resolve(tab)) });
            },
          })),
        ),
      openWindow: (url: string) => {
        opened.push(url);
        return Promise.resolve(null);
      },
    },
  };
  runInNewContext(workerSource('test', ['/']), { self: scope, caches: {}, URL, String, fetch: () => Promise.reject(new Error('offline')) });
  const fire = async (type: string, event: Record<string, unknown>): Promise<void> => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { fire, shown, opened, tabs };
}

const push = (note: unknown) => ({ data: { json: () => note } });

describe('the service worker', () => {
  it('writes a note in the language it was asked in, filled from its params, and falls back to English', async () => {
    const w = worker();
    await w.fire('push', push({ kind: 'challenge', lang: 'es', params: { from: 'Ada' }, url: '/t/abc', tag: 'challenge-ada' }));
    expect(w.shown).toEqual([
      { title: 'Un desafío', options: { body: 'Ada te desafía a una partida.', tag: 'challenge-ada', lang: 'es', icon: '/icon-192.png', data: { url: '/t/abc' } } },
    ]);
    await w.fire('push', push({ kind: 'turn', lang: 'es-MX', params: { against: 'Bob' }, url: '/t/x', tag: 't' }));
    expect(w.shown[1]?.title).toBe('Te toca');
    await w.fire('push', push({ kind: 'tournament', lang: 'xx', params: { name: 'Friday Arena' }, url: 'https://elsewhere.example/', tag: 'x' }));
    // Unknown language: English; an address off the site: the site's front page.
    expect(w.shown[2]).toMatchObject({ title: 'A tournament is starting', options: { body: 'Friday Arena is starting now.', data: { url: '/' } } });
  });

  it('ignores a push that is not a note', async () => {
    const w = worker();
    await w.fire('push', { data: { json: () => JSON.parse('not json') as unknown } });
    await w.fire('push', push({ nothing: true }));
    expect(w.shown).toEqual([]);
  });

  it("opens the note's page when clicked: the tab showing it, else a tab of the site taken there, else a new one", async () => {
    const close = () => {};
    const none = worker();
    await none.fire('notificationclick', { notification: { close, data: { url: '/t/abc' } } });
    expect(none.opened).toEqual(['https://fives.example.org/t/abc']);

    const same = worker([{ url: 'https://fives.example.org/t/abc', focused: false }]);
    await same.fire('notificationclick', { notification: { close, data: { url: '/t/abc' } } });
    expect(same.tabs[0]?.focused).toBe(true);

    const other = worker([{ url: 'https://fives.example.org/', focused: false }]);
    await other.fire('notificationclick', { notification: { close, data: { url: '/t/abc' } } });
    expect(other.tabs[0]).toEqual({ url: 'https://fives.example.org/t/abc', focused: true });
    expect(other.opened).toEqual([]);
  });

  it("carries every language's words for every kind of note", () => {
    const words = noteWords();
    expect(Object.keys(words).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) {
      expect(Object.keys(words[lang] ?? {}).sort()).toEqual([...PUSH_KINDS].sort());
      for (const [title, body] of Object.values(words[lang] ?? {})) expect(title.length * body.length).toBeGreaterThan(0);
    }
  });
});

describe("the operator's console in the build", () => {
  it('is left out of what the worker keeps, but not the styles the players’ app shares with it', () => {
    const chunk = (fileName: string, facadeModuleId: string | null, css: string[]) => ({
      type: 'chunk' as const,
      fileName,
      facadeModuleId,
      viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
    });
    const bundle = {
      'assets/index-a.js': chunk('assets/index-a.js', '/repo/apps/web/index.html', ['assets/index-a.css']),
      'assets/main-b.js': chunk('assets/main-b.js', '/repo/apps/web/src/admin/main.ts', ['assets/main-b.css', 'assets/index-a.css']),
      'assets/TableScreen-c.js': chunk('assets/TableScreen-c.js', '/repo/apps/web/src/table/TableScreen.svelte', []),
    };
    expect(operatorConsoleFiles(bundle as unknown as Parameters<typeof operatorConsoleFiles>[0])).toEqual(new Set(['assets/main-b.js', 'assets/main-b.css']));
  });
});
