import { commands } from './commands.ts';

/**
 * `fives COMMAND [options]`. Output meant for programs goes to stdout as JSON; progress and
 * messages for people go to stderr, so piping the output stays clean.
 */
const USAGE = `fives — All Fives dominoes from the command line

Usage: pnpm --silent fives COMMAND [options]

Commands:
${Object.entries(commands)
  .map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`)
  .join('\n')}

Run "fives COMMAND --help" for a command's options.
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`fives: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(command.help);
    return 0;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`fives: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
