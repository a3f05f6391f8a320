import type TableScreenComponent from './TableScreen.svelte';

let loading: Promise<typeof TableScreenComponent> | null = null;

/**
 * The table screen (board, hand, score sheet, dialogs) is a chunk of its own, fetched when a
 * table first opens: the first page is the lobby, and it does not carry the table. One fetch;
 * a failed one (offline without the service worker) is tried again next time.
 */
export function tableScreen(): Promise<typeof TableScreenComponent> {
  loading ??= import('./TableScreen.svelte').then(
    (m) => m.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}
