import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { requireFirebaseEnv } from './scripts/envCheck.ts';

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

const SRC = fileURLToPath(new URL('./src', import.meta.url));
const INDEX_HTML = fileURLToPath(new URL('./index.html', import.meta.url));

/**
 * Every word (run of letters, digits, `_` and `-`) of the app's source and index.html, as written
 * and in lower case.
 */
function sourceWords(): Set<string> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(tsx?|json|html)$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(SRC, f));
  const words = new Set<string>();
  for (const file of [...files, INDEX_HTML]) {
    for (const word of readFileSync(file, 'utf8').split(/[^\w-]+/)) {
      words.add(word);
      words.add(word.toLowerCase());
    }
  }
  return words;
}

/**
 * Whether a selector can match the app's markup: each class it requires occurs as a word in the
 * source, and each attribute it requires too, in any case (`readOnly` renders `readonly`; the app
 * never sets Bulma's `data-theme`). What `:not(...)`, `:is(...)` and `:where(...)` name is not
 * required.
 */
function selectorUsed(selector: string, words: Set<string>): boolean {
  const required = selector.replace(/:(not|is|where)\([^)]*\)/g, '');
  const classes = [...required.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)];
  const attributes = [...required.matchAll(/\[\s*([\w-]+)/g)];
  return (
    classes.every(([, name]) => words.has(name!)) &&
    attributes.every(([, name]) => words.has(name!.toLowerCase()))
  );
}

/**
 * Bulma without the rules the app cannot use (issue 16 item 6: the whole stylesheet is 65 KB
 * gzipped and holds every page's first paint). Bulma's per-module import (`bulma/sass`) needs a
 * Sass compiler, which the project does not have; instead, as PurgeCSS does, a rule is kept when
 * one of its selectors requires only classes and attributes that occur as words in src/ (the app
 * writes every class name whole: no `is-${colour}`); rules on elements and variables stay, and so
 * does the dark theme of `prefers-color-scheme: dark`. postcss is Vite's own dependency. The dev
 * server trims too, so e2e tests see what production ships; it reloads the stylesheet when an
 * edit brings new words.
 */
export function trimBulma(): Plugin {
  const bulma = /\/node_modules\/bulma\/css\/.*\.css$/;
  let words: Set<string> | undefined;
  return {
    name: 'trim-bulma',
    enforce: 'pre',
    transform(code, id) {
      if (!bulma.test(id.split('?')[0] ?? '')) return null;
      const used = (words ??= sourceWords());
      const root = postcss.parse(code);
      root.walkRules((rule) => {
        const kept = rule.selectors.filter((selector) => selectorUsed(selector, used));
        if (kept.length === 0) rule.remove();
        else rule.selectors = kept;
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
      return { code: root.toString(), map: null };
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!file.startsWith(SRC) || !words) return;
        const next = sourceWords();
        if ([...next].every((w) => words!.has(w))) return;
        words = next;
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (bulma.test(module.id?.split('?')[0] ?? '')) server.reloadModule(module);
        }
      });
    },
  };
}

// https://vite.dev/config/
export default defineConfig({
  // A production build without its Firebase configuration stops here (scripts/envCheck.ts).
  plugins: [requireFirebaseEnv(), precompileMessages(), trimBulma(), react()],
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
  build: {
    // Every browser the app supports preloads modules natively (modulepreload: Chrome 66, Safari
    // 17, Firefox 115), so the entry needs no polyfill for it (issue 16 item 6).
    modulePreload: { polyfill: false },
    // The entry's whole static closure (React, the router, the store, Firebase's core and Auth,
    // the shell) in the entry chunk: by default rolldown splits the parts that lazy routes share
    // (React, Firebase's core, its runtime, Vite's preload helper) into chunks of their own, which
    // every page then fetches beside the entry anyway (3 requests more, 1.5 KB gz more on /login:
    // gzip compresses one file better than four). Only the entry's closure belongs here: a group
    // that holds one route's code would make every route that shares a module with it download
    // all of it (rolldown "Manual Code Splitting"; tried for the sign-in screens: -2 KB on
    // /login, +16 KB on the people lists).
    rollupOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
});
