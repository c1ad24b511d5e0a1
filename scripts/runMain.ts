import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * Runs a command's `main` when its module is the one Node was started with (`npx tsx
 * scripts/x.ts`, `npm run x`), not when a test imports it, and exits with the code `main`
 * resolves to (1 when it throws).
 * @param moduleUrl the command module's `import.meta.url`
 * @param main the command line (arguments after the script) -> exit code
 */
export function runIfMain(moduleUrl: string, main: (argv: string[]) => Promise<number>): void {
  if (!process.argv[1] || path.resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** Where a command writes (console by default; tests capture it). */
export interface CommandOutput {
  log: (line: string) => void;
  error: (line: string) => void;
}

/** The values parseArgs gives for `options`. */
type ParsedValues<O extends ParseOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O }>
>['values'];
type ParseOptions = NonNullable<ParseArgsConfig['options']>;

/**
 * A command's arguments (node:util parseArgs, strict, with `--help` added), or the exit code to
 * end with: 2 after printing the parse error and `usage` (wrong arguments), 0 after printing
 * `usage` for `--help`.
 */
export function parseCommandLine<O extends ParseOptions>(
  argv: string[],
  options: O,
  usage: string,
  out: CommandOutput = console,
): { values: ParsedValues<O>; exit?: undefined } | { exit: 0 | 2; values?: undefined } {
  let values: ParsedValues<O> & { help?: boolean };
  try {
    values = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', default: false } },
    }).values as ParsedValues<O> & { help?: boolean };
  } catch (error) {
    out.error(`${(error as Error).message}\n${usage}`);
    return { exit: 2 };
  }
  if (values.help) {
    out.log(usage);
    return { exit: 0 };
  }
  return { values };
}
