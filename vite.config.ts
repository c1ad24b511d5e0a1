import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { fileURLToPath } from 'node:url';
import { requireFirebaseEnv } from './scripts/envCheck';

/**
 * Compiles the message catalogues (src/app/i18n/<locale>/*.json) to the ICU message AST at build
 * time, so the browser never parses messages and the parser is left out of the bundle (about
 * 8 KB gzipped of the /login budget, issue 5). FormatJS documents this as "pre-compiling
 * messages"; react-intl accepts the AST in place of the string.
 */
function precompileMessages(): Plugin {
  const catalogue = /\/src\/app\/i18n\/(en|es)\/[^/]+\.json$/;
  return {
    name: 'precompile-icu-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!catalogue.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, parse(message)]),
      );
      // Still JSON: Vite's own JSON plugin turns it into a module as for any catalogue file.
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

// https://vite.dev/config/
export default defineConfig({
  // A production build without its Firebase configuration stops here (scripts/envCheck.ts).
  plugins: [requireFirebaseEnv(), precompileMessages(), react()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every message arrives compiled (above), so the runtime needs no parser.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // dist/.vite/manifest.json: bench/app.ts reads it to size what /login loads.
  build: { manifest: true },
});
