import './lib/no-eval.ts';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { OnlineConnection } from './connection/online.ts';
import { LazyConnection } from './connection/lazy.ts';
import { PRACTICE_KEY } from './connection/practice-key.ts';
import { settings } from './lib/settings.svelte.ts';
import { TABLE_TIMING } from '@fives/table';

/** `?seed=…` replays a practice game (deals and computer players); without one, deals come from the browser's CSPRNG. */
function practiceSeed(): string | undefined {
  return new URLSearchParams(location.search).get('seed') ?? undefined;
}

/** `?delay=0` makes the computer players move at once (tests, and players in a hurry); else the server's pause, at the game's speed. */
function botDelay(): () => number {
  const fixed = Number(new URLSearchParams(location.search).get('delay'));
  if (new URLSearchParams(location.search).has('delay') && Number.isFinite(fixed) && fixed >= 0) return () => fixed;
  return () => Math.max(150, settings.ms(TABLE_TIMING.botDelayMs));
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app');

// `/admin` is the operator's console (served only when ADMIN_TOKEN is set): a chunk of its own,
// and no connection to the game, no practice table, no service worker for it.
if (/^\/admin(\/|$)/.test(location.pathname)) {
  void import('./admin/main.ts').then(({ mountConsole }) => mountConsole(target));
} else {
  startPlayersApp(target);
}

function startPlayersApp(target: HTMLElement): void {
  const seed = practiceSeed();
  // Practice (the table machine and the computer players) is fetched when first used, not with the
  // first page; a practice game under way is kept in this browser, so a reload fetches it at once
  // and comes back to that game.
  const practice = new LazyConnection('practice', async () => {
    const { PracticeConnection } = await import('./connection/practice.ts');
    return new PracticeConnection({ ...(seed === undefined ? {} : { seed }), botDelay: botDelay(), storage: storage() });
  });
  if (storage()?.getItem(PRACTICE_KEY) != null) practice.preload();
  // The game server is where the page came from (it serves the built client; `pnpm dev` proxies to it).
  const online = new OnlineConnection({ origin: location.origin, storage: storage() });
  mount(App, { target, props: { practice, online }, intro: true });

  // Installable, and practice with no network: the service worker keeps the built app
  // (scripts/service-worker.ts writes /sw.js into the build; `pnpm dev` has none, and says so by refusing).
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (dev server, a private window, an old browser): the app works as before, online.
    });
  }
}
