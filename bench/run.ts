/**
 * `npm run bench`: runs every benchmark in bench/ and prints its figures. A bench is a module
 * beside this file exporting `run<Name>Bench(): Promise<void>` (backend.ts, database.ts, …); they
 * are found at run time, so a bench that is absent is simply not run, and a failing bench is
 * reported while the others still run. Never fails for slowness.
 *
 * The backend cold start runs first, while the standard ports are still free; benches that need
 * a running backend start their own or say they skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const files = fs
  .readdirSync(here)
  .filter((file) => /\.ts$/.test(file) && !/(^run\.ts|\.test\.ts|\.d\.ts)$/.test(file))
  .sort((a, b) => Number(b === 'backend.ts') - Number(a === 'backend.ts') || a.localeCompare(b));

let ran = 0;
let failures = 0;
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(here, file)).href)) as Record<
    string,
    unknown
  >;
  for (const [name, bench] of Object.entries(module)) {
    if (!/^run\w*Bench$/.test(name) || typeof bench !== 'function') continue;
    ran++;
    try {
      await (bench as () => Promise<void>)();
    } catch (error) {
      failures++;
      console.error(`\n! ${file} ${name} failed:`, error);
    }
  }
}
console.log(
  failures === 0 ? `\n${ran} benches ran.` : `\n${failures} of ${ran} benches failed (see above).`,
);
// Some benches leave SDK sockets open; the figures are printed, so end here.
process.exit(failures === 0 ? 0 : 1);
