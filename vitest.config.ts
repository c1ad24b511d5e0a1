import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * Test projects:
 * - unit: components, slices and validators in jsdom; no backend.
 * - emulators: the local Database and Storage servers, each test file starting its own server on
 *   a free port.
 * - tooling: the project's own configuration (lint boundaries), no backend.
 * - integration: rules matrices and the Cloud Function through the real SDKs against the one local
 *   backend that `npm test` starts (emulators/start.ts --exec).
 * - e2e: Chromium (playwright-core) against the app served by Vite on the same backend; files run
 *   one after another.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/jsdom.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'emulators',
          environment: 'node',
          include: ['emulators/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['tests/tooling/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
