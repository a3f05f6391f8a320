import { readFile } from 'node:fs/promises';
import { replayRecord } from '@fives/engine';
import { type Command, userPath } from './command.ts';

const help = `Usage: pnpm --silent fives replay FILE...

Replays game records (see docs/records.md) and prints what happened: every play with the
count it made and what it scored, every hand's end and awards, the running scores, and
whether and by whom the game was won.

  FILE     a record file, or - for standard input; several files print one compact
           JSON document per line, in order

Exit codes: 0 every record is legal to its end; 1 some action is illegal (the output says
which: "error": {"hand", "action", "code", "message"}); 2 some file is not a valid record
(schema error with the path of the bad field, unreadable file, or not JSON). With several
files the exit code is the highest of theirs.
`;

async function readInput(file: string): Promise<string> {
  if (file !== '-') return readFile(userPath(file), 'utf8');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function invalid(message: string): { exitCode: 2; output: unknown } {
  return { exitCode: 2, output: { ok: false, error: { code: 'record/invalid', path: '', message } } };
}

async function replayFile(file: string): Promise<{ exitCode: number; output: unknown }> {
  let text: string;
  try {
    text = await readInput(file);
  } catch (error) {
    return invalid(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return invalid(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { exitCode, output } = replayRecord(json);
  return { exitCode, output };
}

export const replay: Command = {
  summary: 'replay game records and print what happened (JSON)',
  help,
  async run(args) {
    const files = args.filter((a) => a !== '--');
    const unknown = files.find((f) => f.startsWith('-') && f !== '-');
    if (unknown !== undefined || files.length === 0) {
      process.stderr.write(unknown ? `fives replay: unknown option ${unknown}\n\n${help}` : help);
      return 2;
    }
    let worst = 0;
    const lines: string[] = [];
    for (const file of files) {
      const { exitCode, output } = await replayFile(file);
      worst = Math.max(worst, exitCode);
      lines.push(files.length === 1 ? JSON.stringify(output, null, 2) : JSON.stringify(output));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return worst;
  },
};
