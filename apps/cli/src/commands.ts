import type { Command } from './command.ts';
import { arena } from './arena.ts';
import { bench } from './bench.ts';
import { client } from './client.ts';
import { deal } from './deal.ts';
import { loadtest } from './loadtest.ts';
import { replay } from './replay.ts';

export const commands: Record<string, Command> = {
  replay,
  bench,
  arena,
  client,
  deal,
  loadtest,
};
