/**
 * Vitest global setup of the browser tests (vitest.config.ts, e2e projects): the app they open,
 * at APP_URL, is the run's production build for the local backend
 * (tests/support/productionBuild.ts, kind 'local', .env.test's values), served by `vite preview`
 * as Firebase Hosting serves the deployed app (files as built, index.html for every other path).
 * One build instead of the dev server, which transforms hundreds of modules anew for every
 * browser context.
 *
 * The port is chosen and APP_URL set at once, before any worker starts; the build runs in the
 * background meanwhile (the other projects' tests run alongside), and the server listens once it
 * is done: tests wait for it with `appReady()` (tests/support/browser.ts; `newPage` does).
 * E2E_DEV_SERVER=1 leaves APP_URL to `emulators/start.ts --exec`, whose Vite dev server serves the
 * source (for a test being written, with source maps).
 */
import net from 'node:net';
import path from 'node:path';
import { preview, type Plugin, type PreviewServer } from 'vite';
import { HOST } from '../../emulators/config';
import { buildProduction, ROOT } from '../support/productionBuild';

/**
 * Serves the app's files uncompressed. `vite preview` gzips every script and stylesheet anew for
 * each request (its compression middleware, in this run's main process), and the browser tests
 * load the app hundreds of times, so that was CPU taken from the tests for bytes that cross only
 * the loopback (docs/performance.md). The middleware drops the request's Accept-Encoding before
 * Vite's own middlewares read it (`configurePreviewServer` runs first). What the files hold is
 * unchanged. The benchmarks (bench/) keep the compression: users get compressed files from
 * Firebase Hosting.
 */
const uncompressed: Plugin = {
  name: 'tests-serve-uncompressed',
  configurePreviewServer(server) {
    server.middlewares.use((request, _response, next) => {
      delete request.headers['accept-encoding'];
      next();
    });
  },
};

/** Set while one setup serves the app (both e2e projects list this file). */
const SERVING = 'TEST_APP_SERVED';

/** A port nothing listens on now, on HOST. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.E2E_DEV_SERVER === '1' || process.env[SERVING]) return async () => undefined;
  const port = await freePort();
  process.env.APP_URL = `http://${HOST}:${port}`;
  process.env[SERVING] = process.env.APP_URL;
  let server: PreviewServer | undefined;
  let stopped = false;
  const serving = buildProduction('local')
    .then(async (build) => {
      if (stopped) return;
      server = await preview({
        root: ROOT,
        configFile: path.join(ROOT, 'vite.config.ts'),
        mode: 'production',
        envDir: build.dir,
        logLevel: 'error',
        build: { outDir: build.dist },
        preview: { host: HOST, port, strictPort: true, open: false },
        plugins: [uncompressed],
      });
    })
    // The tests report it: appReady() rethrows the build's error, or names the silent port.
    .catch((error: unknown) => console.error('tests/setup/app.ts: the app is not served:', error));
  return async () => {
    stopped = true;
    await serving;
    await server?.close();
    delete process.env[SERVING];
  };
}
