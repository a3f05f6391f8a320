export interface Command {
  /** One line for the command list. */
  readonly summary: string;
  /** The whole `--help` text. */
  readonly help: string;
  /** Runs the command; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

/** Paths on the command line are relative to where the user typed them, not to the workspace root pnpm runs scripts from. */
export function userPath(path: string): string {
  const base = process.env.INIT_CWD ?? process.cwd();
  return path.startsWith('/') ? path : `${base}/${path}`;
}

/** A mistake on the command line: said with the command's help, and the exit code is 2. */
export class UsageError extends Error {}

/**
 * The options `parse` reads from the command line, or null when it is wrong: then why, and the
 * command's help, went to stderr, and the command exits 2.
 */
export async function optionsOr<T>(name: string, help: string, parse: () => T | Promise<T>): Promise<T | null> {
  try {
    return await parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`fives ${name}: ${error.message}\n\n${help}`);
    return null;
  }
}
