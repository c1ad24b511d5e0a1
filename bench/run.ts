/**
 * `npm run bench`: runs every benchmark that exists and prints its figures. Benches live beside
 * this file and export `run<Name>Bench(): Promise<void>`; a missing file is skipped, a failing
 * bench is reported and the others still run. Never fails for slowness.
 *
 * The backend cold start runs first, while the standard ports are still free; benches that need
 * a running backend start their own or say they skipped.
 */
export {};

const benches = [
  { file: './backend.js', run: 'runBackendBench' },
  { file: './database.js', run: 'runDatabaseBench' },
  { file: './storage.js', run: 'runStorageBench' },
  { file: './app.js', run: 'runAppBench' },
] as const;

let failures = 0;
for (const { file, run } of benches) {
  let module: Record<string, unknown>;
  try {
    module = (await import(file)) as Record<string, unknown>;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' && String(error).includes(file.slice(2, -3))) {
      console.log(`\n(${file.slice(2, -3)} bench not present: skipped)`);
      continue;
    }
    throw error;
  }
  const bench = module[run];
  if (typeof bench !== 'function') {
    console.log(`\n(${file}: no ${run} export: skipped)`);
    continue;
  }
  try {
    await (bench as () => Promise<void>)();
  } catch (error) {
    failures++;
    console.error(`\n! ${run} failed:`, error);
  }
}
console.log(failures === 0 ? '\nAll benches ran.' : `\n${failures} bench(es) failed (see above).`);
// Some benches leave SDK sockets open; the figures are printed, so end here.
process.exit(failures === 0 ? 0 : 1);
