import './lib/no-eval.ts';
import { mount } from 'svelte';
import App from './App.svelte';
import './app.css';
import { OnlineConnection } from './connection/online.ts';
import { LazyConnection } from './connection/lazy.ts';
import { settings } from './lib/settings.svelte.ts';

/** A practice seed from the address (`?seed=…` replays a deal), else a fresh one. */
function practiceSeed(): string {
  const fromUrl = new URLSearchParams(location.search).get('seed');
  if (fromUrl) return fromUrl;
  const bytes = crypto.getRandomValues(new Uint32Array(2));
  return Array.from(bytes, (b) => b.toString(36)).join('');
}

/** `?delay=0` makes the computer players move at once (tests, and players in a hurry). */
function botDelay(): () => number {
  const fixed = Number(new URLSearchParams(location.search).get('delay'));
  if (new URLSearchParams(location.search).has('delay') && Number.isFinite(fixed) && fixed >= 0) return () => fixed;
  return () => Math.max(150, settings.ms(650));
}

// Practice (the engine's game loop and the computer players) is fetched when first used, not with the first page.
const practice = new LazyConnection('practice', async () => {
  const { PracticeConnection } = await import('./connection/practice.ts');
  return new PracticeConnection({ seed: practiceSeed(), botDelay: botDelay() });
});
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

// Installable, and practice with no network: the service worker keeps the built app
// (scripts/service-worker.ts writes /sw.js into the build; `pnpm dev` has none, and says so by refusing).
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/sw.js').catch(() => {
    // No worker (dev server, a private window, an old browser): the app works as before, online.
  });
}
