import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
