import './lib/no-eval.ts';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { OnlineConnection } from './connection/online.ts';
import { PracticeConnection } from './connection/practice.ts';
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

const seed = practiceSeed();
// A practice game under way is kept in this browser, so a reload comes back to it.
const practice = new PracticeConnection({ ...(seed === undefined ? {} : { seed }), botDelay: botDelay(), storage: storage() });
// The game server is where the page came from (it serves the built client; `pnpm dev` proxies to it).
const online = new OnlineConnection({ origin: location.origin, storage: storage() });

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app');
mount(App, { target, props: { practice, online }, intro: true });
