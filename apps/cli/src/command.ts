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
