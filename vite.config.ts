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
 * 8 KB gzipped of the /login budget). FormatJS documents this as "pre-compiling
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
 * What the first paint of any page and the whole of a public page render (index.html's loading
 * state, the entry, the route error, the QR, payment and chart pages with what they use): their
 * Bulma rules are the entry's stylesheet, every other rule comes with the first page that needs
 * more (`bulma.min.css?part=rest`, imported by the session's chunk and the e-mail action screens).
 * Paths under src/; a directory stands for every file in it. dist.test.ts checks that each Bulma
 * class a public page's code names is in the entry's stylesheet.
 */
const FIRST_PAINT_SOURCES = [
  'main.tsx',
  'app/App.tsx',
  'app/router.tsx',
  'app/RouteError.tsx',
  'app/layout/PageLoader.tsx',
  'features/public',
  'shared/i18n',
  'shared/forms/LoadingStatus.tsx',
  'shared/QrCode.tsx',
  'shared/intelligence',
];

/** The words of the app's markup, for trimBulma: of every source file, and of the first paint's. */
interface SourceWords {
  all: Set<string>;
  first: Set<string>;
  /** The custom properties the sources read (`var(--name`), stylesheets included. */
  variables: Set<string>;
}

/**
 * Every word (run of letters, digits, `_` and `-`) of the app's source and index.html, as written
 * and in lower case (`all`), and those of FIRST_PAINT_SOURCES and index.html (`first`), and the
 * custom properties the sources and the app's stylesheets read (`variables`): one read of each
 * file.
 */
function sourceWords(): SourceWords {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /\.(tsx?|json|html|css)$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  const words: SourceWords = { all: new Set(), first: new Set(), variables: new Set() };
  const isFirst = (f: string) =>
    FIRST_PAINT_SOURCES.some((path) => f === path || f.startsWith(`${path}/`));
  const add = (file: string, first: boolean) => {
    const text = readFileSync(file, 'utf8');
    for (const name of varReferences(text)) words.variables.add(name);
    // A stylesheet's class names are not markup: only the variables it reads count.
    if (file.endsWith('.css')) return;
    for (const word of text.split(/[^\w-]+/)) {
      for (const form of [word, word.toLowerCase()]) {
        words.all.add(form);
        if (first) words.first.add(form);
      }
    }
  };
  for (const f of files) add(join(SRC, f), isFirst(f));
  add(INDEX_HTML, true);
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

/** The custom properties a CSS value reads (`var(--name` anywhere in it, fallbacks included). */
function varReferences(value: string): string[] {
  return [...value.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]!);
}

/**
 * The custom properties the app's pages can read: those that a kept Bulma rule's properties or
 * the app's own sources (its stylesheets, inline styles) read, and, transitively, those that the
 * values of any of them read. Bulma 1 declares about 1,400 on `:root` (every colour in 21 shades,
 * each with its inverse), two thirds of which no kept rule reads; each one is parsed on every load
 * and carried by every element's computed style.
 */
function usedCustomProperties(bulmaCss: string, words: SourceWords): Set<string> {
  const definitions = new Map<string, string[]>();
  const used = new Set<string>();
  postcss.parse(bulmaCss).walkDecls((decl) => {
    if (decl.prop.startsWith('--')) {
      definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
      return;
    }
    const rule = decl.parent?.type === 'rule' ? (decl.parent as postcss.Rule) : undefined;
    if (!rule || rule.selectors.some((selector) => selectorUsed(selector, words.all))) {
      for (const name of varReferences(decl.value)) used.add(name);
    }
  });
  for (const name of words.variables) used.add(name);
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const value of definitions.get(name) ?? []) {
      for (const next of varReferences(value)) {
        if (!used.has(next)) {
          used.add(next);
          pending.push(next);
        }
      }
    }
  }
  return used;
}

/**
 * Bulma without the rules the app cannot use (the whole stylesheet is 65 KB gzipped and holds
 * every page's first paint). Bulma's per-module import (`bulma/sass`) needs a
 * Sass compiler, which the project does not have; instead, as PurgeCSS does, a rule is kept when
 * one of its selectors requires only classes and attributes that occur as words in src/ (the app
 * writes every class name whole: no `is-${colour}`); rules on elements and variables stay, and so
 * does the dark theme of `prefers-color-scheme: dark`. postcss is Vite's own dependency. The dev
 * server trims too, so e2e tests see what production ships; it reloads the stylesheet when an
 * edit brings new words.
 *
 * Of Bulma's custom properties, only those the kept rules or the app's sources read stay
 * (usedCustomProperties): the entry's stylesheet 159 -> 55 KB, the style recalculation of a
 * page's first frame about 2.5 times faster (docs/performance.md).
 *
 * Imported in two parts, each rule in one of them: `?part=first`, the entry's (render-blocking)
 * stylesheet, keeps what FIRST_PAINT_SOURCES use (the public pages on a phone wait for no other
 * rule: 30 KB gz was on their critical path); `?part=rest` everything else the app uses. The rest
 * comes after the first part, so a rule of the rest that meets a first-part rule on one element at
 * the same specificity now wins where Bulma's order made it lose: Bulma's helpers are
 * `!important` and its components keep to their own classes, so such pairs are rare (none seen on
 * the e2e tests' screens); the app's own stylesheets come after both.
 */
export function trimBulma(): Plugin {
  const bulma = /\/node_modules\/bulma\/css\/.*\.css$/;
  let words: SourceWords | undefined;
  let properties: Set<string> | undefined;
  return {
    name: 'trim-bulma',
    enforce: 'pre',
    transform(code, id) {
      const [path, query = ''] = id.split('?');
      if (!bulma.test(path ?? '')) return null;
      const part = new URLSearchParams(query).get('part');
      const used = (words ??= sourceWords());
      const root = postcss.parse(code);
      root.walkRules((rule) => {
        const kept = rule.selectors.filter(
          (selector) =>
            selectorUsed(selector, used.all) &&
            (part === 'first'
              ? selectorUsed(selector, used.first)
              : part !== 'rest' || !selectorUsed(selector, used.first)),
        );
        if (kept.length === 0) rule.remove();
        else rule.selectors = kept;
      });
      const read = (properties ??= usedCustomProperties(code, used));
      root.walkDecls((decl) => {
        if (decl.prop.startsWith('--') && !read.has(decl.prop)) decl.remove();
      });
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0 || (part === 'rest' && atRule.name === 'charset')) {
          atRule.remove();
        }
      });
      return { code: root.toString(), map: null };
    },
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (!file.startsWith(SRC) || !words) return;
        const next = sourceWords();
        const known = words;
        const read = properties;
        const newWords = (['all', 'first'] as const).some((k) =>
          [...next[k]].some((w) => !known[k].has(w)),
        );
        // An edit that reads a Bulma variable the trimmed stylesheet left out.
        const newVariables =
          read !== undefined && [...next.variables].some((name) => !read.has(name));
        if (!newWords && !newVariables) return;
        words = next;
        properties = undefined;
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (bulma.test(module.id?.split('?')[0] ?? '')) server.reloadModule(module);
        }
      });
    },
  };
}

/** The module that reads the map below in the browser and adds the preloads. */
const ROUTE_PRELOAD_MODULE = join(SRC, 'app/routePreload.ts');

/**
 * What each page opened from a link renders first with, beyond the entry: the modules (paths under
 * src/) whose chunks, with every chunk they import statically, its first render loads, and the
 * part of the catalogue it needs (messages.ts `CatalogueScope`: a public page's words are their
 * own part, router.tsx `firstCatalogueScope`). `path` is matched against the page's path as the
 * route table matches it (router.tsx). Only what the page's main content waits for: chart.js and
 * the rest of the app come later and would share the phone's bandwidth with it. The e-mail action
 * page's main content is the answer of checking its link, which needs Firebase Auth's action calls
 * (actionCodes.ts, the Auth chunk, 32 KB gz): asked for beside the page's code, not after its first
 * render.
 */
const ROUTE_PRELOADS = [
  { path: '^/qrcode(/|$)', modules: ['features/public/pages/QrCodePage.tsx'], words: 'public' },
  {
    path: '^/payment/[^/]+/[^/]+/?$',
    modules: ['features/public/pages/PaymentPage.tsx'],
    words: 'public',
  },
  { path: '^/chart(/|$)', modules: ['features/public/pages/ChartPage.tsx'], words: 'public' },
  {
    path: '^/auth/action/?$',
    modules: ['features/auth/pages/AuthActionPage.tsx', 'features/auth/actionCodes.ts'],
    words: 'core',
  },
  {
    path: '^/login/?$',
    modules: ['app/session.tsx', 'features/auth/pages/LoginPage.tsx'],
    words: 'core',
  },
  // The dashboard and the large lists opened directly (a reload, a link): the signed-in shell,
  // the registry, the persisted lists' module and the page, whose first render shows the
  // persisted first page; router.tsx `preloadSignedInRoute` asked for them only once the entry
  // had run, and for a list's page only once the registry had loaded. Their words are the whole
  // catalogue.
  ...(
    [
      ['', 'app/routes/DashboardPage.tsx'],
      ['students', 'features/people/pages/StudentsPage.tsx'],
      ['tutors', 'features/people/pages/TutorsPage.tsx'],
      ['orders', 'features/orders/pages/OrdersPage.tsx'],
    ] as const
  ).map(([list, page]) => ({
    path: list ? `^/${list}/?$` : '^/$',
    modules: [
      'app/session.tsx',
      'app/layout/Layout.tsx',
      'app/resources.ts',
      'app/persistedList.ts',
      page,
    ],
    words: 'full',
  })),
];

/**
 * Writes into the built index.html the files each page of ROUTE_PRELOADS needs first, as the JSON
 * data block that src/app/routePreload.ts reads (its `RoutePreloads` shape): that module, loaded
 * before the entry, asks for them as soon as the HTML is parsed instead of after the entry has
 * arrived and run. File names come from the bundle (they carry content hashes), so the map cannot
 * go stale; a module of the list in no chunk fails the build. The development server serves
 * modules one by one and gets no map.
 */
function routePreloads(): Plugin {
  let base = '/';
  let building = false;
  return {
    name: 'route-preloads',
    configResolved(config) {
      base = config.base;
      building = config.command === 'build';
    },
    buildStart() {
      // An entry of its own, not one of index.html's module scripts: Vite bundles those into one
      // entry, which would make the preloads wait for the whole entry again.
      if (building)
        this.emitFile({ type: 'chunk', id: ROUTE_PRELOAD_MODULE, name: 'routePreload' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const chunkOf = (module: string) => {
          const id = join(SRC, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`routePreloads: ${module} is in no chunk`);
          return chunk;
        };
        /** The chunks `roots` load statically (the entries excluded: already loading). */
        const closure = (roots: typeof chunks) => {
          const seen = new Set(roots.filter((c) => !c.isEntry));
          for (const chunk of seen) {
            for (const file of chunk.imports) {
              const imported = ctx.bundle![file];
              if (imported?.type === 'chunk' && !imported.isEntry) seen.add(imported);
            }
          }
          return [...seen];
        };
        const routes = ROUTE_PRELOADS.map(({ path, modules, words }) => {
          const loaded = closure(modules.map(chunkOf));
          return {
            path,
            js: loaded.map((c) => base + c.fileName),
            css: [...new Set(loaded.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]))].map(
              (file) => base + file,
            ),
            words,
          };
        });
        const words = Object.fromEntries(
          ['en', 'es'].map((locale) => [
            locale,
            Object.fromEntries(
              ['core', 'public', 'full'].map((scope) => [
                scope,
                // The signed-in screens render with the core and the rest of the catalogue.
                closure(
                  [scope, ...(scope === 'full' ? ['core'] : [])].map((part) =>
                    chunkOf(`app/i18n/catalogues/${locale}.${part}.ts`),
                  ),
                ).map((c) => base + c.fileName),
              ]),
            ),
          ]),
        );
        // `<` escaped: the JSON cannot close its script element.
        const json = JSON.stringify({ routes, words }).replace(/</g, '\\u003c');
        const script = chunks.find((c) => c.facadeModuleId === ROUTE_PRELOAD_MODULE);
        if (!script) throw new Error('routePreloads: routePreload.ts was not built');
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: {
                type: 'module',
                async: true,
                crossorigin: true,
                src: base + script.fileName,
              },
              injectTo: 'head',
            },
            {
              tag: 'script',
              attrs: { type: 'application/json', id: 'route-preloads' },
              children: json,
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

// https://vite.dev/config/
export default defineConfig({
  // A production build without its Firebase configuration stops here (scripts/envCheck.ts).
  plugins: [requireFirebaseEnv(), precompileMessages(), trimBulma(), react(), routePreloads()],
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
    // 17, Firefox 115), so the entry needs no polyfill for it.
    modulePreload: { polyfill: false },
    // The entry's whole static closure (React, the router, react-intl, the route table) in the
    // entry chunk: by default rolldown splits the parts that lazy routes share (React, its
    // runtime, Vite's preload helper) into chunks of their own, which every page then fetches
    // beside the entry anyway (gzip compresses one file better than four). Then the two parts
    // every route but the public pages loads: the session (the store and its libraries, the
    // guards, the session slice) and Firebase Auth with the app's Firebase module; in 26 small
    // chunks of their own /login fetched 188.1 KB gz, in these groups 186.2 (bench/app.ts; 184.1
    // since the sign-in group holds the frame and the error clean-up too). A
    // group that holds one route's code would make every route that shares a module with it
    // download all of it (rolldown "Manual Code Splitting"; tried for the sign-in screens: -2 KB
    // on /login, +16 KB on the people lists): the session and Auth groups hold only what every
    // session route loads anyway, the sign-in group only leaf components that form pages share.
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'index',
              tags: ['$initial'],
              // routePreload.ts is an entry of its own (routePreloads below), ahead of this one.
              test: (id: string) => id !== ROUTE_PRELOAD_MODULE,
            },
            {
              name: 'session',
              test: /\/node_modules\/(@reduxjs|redux|redux-persist|react-redux|immer|reselect|idb-keyval)\/|\/src\/app\/(session|store|hooks|guards|afterAction|notifications|persistStorage)\.tsx?$|\/src\/features\/auth\/(authSlice|noUserRecord)\.ts$|\/src\/shared\/(session|lazy)\.ts$/,
            },
            {
              // The language switch alone, as rolldown would make it (every public page, sign-in
              // screen and the shell show it): kept out of the sign-in group, which holds the
              // sign-in frame that imports it, so that the public pages do not fetch that group.
              name: 'language',
              test: /\/src\/shared\/i18n\/LanguageSwitch\.tsx$/,
            },
            {
              // The sign-in screens' parts (their frame, inputs, messages, the submit button, the
              // error clean-up): one file instead of nine on /login. Only modules whose imports
              // are React, the words, the language switch or the session (each in a chunk of its
              // own above, which every page loading this group loads anyway): rolldown puts a
              // group's dependencies in it too. The signed-in forms download the frame and the
              // clean-up (0.5 KB gz) without using them.
              name: 'signin',
              test: /\/src\/features\/auth\/components\/(AuthScreen|ErrorMessage|FieldHint|NewPasswordInputs|PasswordField)\.tsx$|\/src\/features\/auth\/useAuthCleanUpOnLeave\.ts$|\/src\/shared\/forms\/(SubmitButton|InputField|FormField|fieldErrors|unsavedChanges)\.tsx?$/,
            },
            {
              name: 'auth',
              test: /\/node_modules\/(firebase\/(app|auth)|@firebase\/(app|auth|util|component|logger))\/|\/src\/shared\/(firebase|appAuth)\.ts$|\/src\/features\/auth\/(authApi|sessionListener|sessionRecord)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
