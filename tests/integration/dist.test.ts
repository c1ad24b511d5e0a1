/**
 * What `npm run deploy` would upload: a production build (placeholder
 * VITE_FIREBASE_* values, tests/support/productionBuild.ts) holds no emulator wiring, no local
 * outbox, no demo data and no Auth popup/redirect code. Only the files Hosting deploys are read:
 * firebase.json's `ignore` leaves out dot-files such as `.vite/manifest.json`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProduction,
  PRODUCTION_ENV,
  ROOT,
  type ProductionBuild,
} from '../support/productionBuild';

let build: ProductionBuild | undefined;
/** Deployed file path (relative to dist/) -> its text. */
const files = new Map<string, string>();

beforeAll(async () => {
  build = await buildProduction();
  const entries = readdirSync(build.dist, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.relative(build.dist, path.join(entry.parentPath, entry.name));
    if (file.split(path.sep).some((part) => part.startsWith('.'))) continue;
    files.set(file, readFileSync(path.join(build.dist, file), 'utf8'));
  }
}, 300_000);

afterAll(() => build?.remove());

/** The deployed files whose text matches `pattern`, with the match and what surrounds it. */
function occurrences(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (const match of text.matchAll(global)) {
      const at = match.index;
      found.push(`${file}: …${text.slice(Math.max(0, at - 60), at + match[0].length + 30)}…`);
    }
  }
  return found;
}

/**
 * A built chunk (path relative to dist/) and every chunk it imports statically, directly or not:
 * what the browser loads with it (minified: `import{a as b}from"./x.js"`).
 */
function staticClosure(chunk: string): string[] {
  const seen = new Set<string>([chunk]);
  for (const file of seen) {
    for (const [, imported] of files.get(file)!.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
      seen.add(path.posix.join(path.posix.dirname(file), imported!));
    }
  }
  return [...seen];
}

describe('the production build (dist/)', () => {
  it('is the production build of the configured project', () => {
    expect(files.has('index.html')).toBe(true);
    expect([...files.keys()].filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
    expect(occurrences(new RegExp(PRODUCTION_ENV.VITE_FIREBASE_API_KEY)).length).toBeGreaterThan(0);
  });

  it('has no emulator wiring: no connect*Emulator call, no local emulator host or port', () => {
    // The SDKs define connect*Emulator (and name them in their messages); only a call on an
    // imported module (`m.connectDatabaseEmulator(db, …)`) is the app's wiring. Minified calls
    // lose their names, so the hosts and ports are looked for as well (9000 minifies to 9e3).
    expect(occurrences(/\.connect(Auth|Database|Storage|Functions)Emulator\(/)).toEqual([]);
    expect(occurrences(/127\.0\.0\.1|:(9099|9199|9000|5001)\b|\b9e3\)/)).toEqual([]);
  });

  it('has no local outbox: no outbox page, route, link or emulator listing', () => {
    expect([...files.keys()].filter((file) => /outboxpage/i.test(file))).toEqual([]);
    expect(occurrences(/emulator\/v1\/projects/)).toEqual([]);
    // The route and the login page's link; not the catalogue's file name (outbox.json).
    expect(occurrences(/\/outbox(?![-.\w])/)).toEqual([]);
  });

  it('has no Auth popup/redirect code: no screen signs in with a popup or a redirect', () => {
    // shared/firebase initialises Auth without the popup/redirect resolver; one call of getAuth
    // anywhere bundled it into /login all the same (4 KB gz). The resolver loads
    // Auth's hidden iframe from this path.
    expect(occurrences(/__\/auth\/iframe/)).toEqual([]);
  });

  it('lets the public pages load neither Firebase Auth nor the store', () => {
    // A phone opening a QR, payment or chart link downloads React, the router, the words and the
    // page (docs/performance.md, "The public pages on a phone"); a shared module grouped with Auth
    // (vite.config.ts codeSplitting) once made them fetch the Auth and session chunks (50 KB gz).
    const sdks = { auth: /identitytoolkit\.googleapis\.com/, store: /persist\/REHYDRATE/ };
    for (const page of ['QrCodePage', 'PaymentPage', 'ChartPage']) {
      const chunk = [...files.keys()].find((file) => file.startsWith(`assets/${page}-`));
      expect(chunk, page).toBeDefined();
      const loaded = staticClosure(chunk!);
      expect(loaded.length).toBeGreaterThan(1);
      for (const [name, sdk] of Object.entries(sdks)) {
        expect(
          loaded.filter((file) => sdk.test(files.get(file)!)),
          `${page} loads ${name}`,
        ).toEqual([]);
      }
    }
  });

  it('gives the first paint only the Bulma rules of the public pages, and each one they use', () => {
    // index.html's stylesheet blocks every page's first paint; the public pages, opened on a
    // phone, need a handful of Bulma's classes (vite.config.ts trimBulma: `?part=first`).
    const linked = [
      ...files.get('index.html')!.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g),
    ];
    expect(linked).toHaveLength(1);
    const first = files.get(linked[0]![1]!)!;
    const others = [...files].filter(([file]) => file.endsWith('.css') && file !== linked[0]![1]);
    const rule = (name: string) => new RegExp(`\\.${name}(?![\\w-])`);
    // The signed-in screens' components come later, with the session's chunk.
    for (const name of ['navbar', 'input', 'dropdown', 'modal', 'tabs', 'pagination']) {
      expect(rule(name).test(first), name).toBe(false);
      expect(
        others.some(([, text]) => rule(name).test(text)),
        name,
      ).toBe(true);
    }
    // Every Bulma class a public page's code names is styled by the first one.
    const bulma = readFileSync(path.join(ROOT, 'node_modules/bulma/css/bulma.min.css'), 'utf8');
    for (const page of ['QrCodePage', 'PaymentPage', 'ChartPage']) {
      const chunk = [...files.keys()].find((file) => file.startsWith(`assets/${page}-`))!;
      const named = new Set(
        staticClosure(chunk).flatMap((file) =>
          [...files.get(file)!.matchAll(/className:\s*[`"']([^`"']*)[`"']/g)].flatMap(([, names]) =>
            names!.split(/\s+/).filter(Boolean),
          ),
        ),
      );
      expect(named.size, page).toBeGreaterThan(3);
      const missing = [...named].filter(
        (name) => rule(name).test(bulma) && !rule(name).test(first),
      );
      expect(missing, page).toEqual([]);
    }
  });

  it('starts the app in short tasks: the words asked for and the first render after the router', () => {
    // On a phone (Lighthouse: 4x CPU slowdown) the entry's evaluation, the router's start and the
    // first render in one task were most of the page's blocking time. main.tsx asks for the
    // words and renders in a timer's task, after the task that evaluated the route table.
    // index.html's module scripts in their order.
    const entry = [
      ...files.get('index.html')!.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g),
    ]
      .map(([, script]) => files.get(script!)!)
      .join('\n');
    const routeTable = entry.indexOf('/qrcode/:id?');
    const render = entry.lastIndexOf('.render(');
    const timer = entry.lastIndexOf('setTimeout(()=>{', render);
    expect(routeTable).toBeGreaterThan(0);
    expect(timer).toBeGreaterThan(routeTable);
    // The render is in the timer's own function, which holds no other function.
    expect(entry.slice(timer, render)).not.toMatch(/function|=>\{[^]*\}/);
    expect(entry.slice(timer, render)).toMatch(/createRoot/);
  });

  it("asks for each linked page's code and words beside the entry, not after it", () => {
    // vite.config.ts routePreloads writes what each page's first render loads into index.html;
    // routePreload.ts, a module of its own loaded with the entry, asks for it as soon as the HTML
    // is parsed. Without it the page's chunks and words left only after the entry (~110 KB gz)
    // had arrived and run: one round trip and more later on a phone.
    const html = files.get('index.html')!;
    const data = /<script type="application\/json" id="route-preloads">([^<]*)<\/script>/.exec(
      html,
    );
    expect(data, 'the map in index.html').not.toBeNull();
    const map = JSON.parse(data![1]!) as {
      routes: { path: string; js: string[]; css: string[]; words: string }[];
      words: Record<string, Record<string, string[]>>;
    };
    const scripts = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map(
      ([tag, src]) => ({ tag: tag!, src: src! }),
    );
    const reader = scripts.find(({ src }) => src.startsWith('assets/routePreload-'));
    expect(reader, 'routePreload.ts loaded by index.html').toBeDefined();
    // Async and standalone: it waits neither for the entry nor for a chunk shared with it.
    expect(reader!.tag).toMatch(/\basync\b/);
    expect(staticClosure(reader!.src)).toEqual([reader!.src]);
    expect(files.get(reader!.src)).toMatch(/route-preloads/);
    const entries = scripts.map(({ src }) => src);
    const pages = {
      QrCodePage: ['/qrcode/abc', 'public'],
      PaymentPage: ['/payment/abc/240.50', 'public'],
      ChartPage: ['/chart/12,8,10,9,7,11,6,8', 'public'],
      AuthActionPage: ['/auth/action', 'core'],
      LoginPage: ['/login', 'core'],
      DashboardPage: ['/', 'full'],
      StudentsPage: ['/students', 'full'],
      TutorsPage: ['/tutors', 'full'],
      OrdersPage: ['/orders', 'full'],
    };
    for (const [page, [pathname, scope]] of Object.entries(pages)) {
      const route = map.routes.find((r) => new RegExp(r.path).test(pathname!));
      expect(route, pathname).toBeDefined();
      expect(route!.words).toBe(scope);
      const chunk = [...files.keys()].find((file) => file.startsWith(`assets/${page}-`))!;
      // The page's chunk and every chunk it imports statically, but the entry, already loading.
      const needed = staticClosure(chunk).filter((file) => !entries.includes(file));
      expect(route!.js.map((href) => href.slice(1)).sort(), page).toEqual(
        expect.arrayContaining(needed.sort()),
      );
      for (const href of [...route!.js, ...route!.css]) {
        expect(files.has(href.slice(1)), `${page}: ${href}`).toBe(true);
      }
    }
    // A list opened directly also gets the signed-in shell, the registry and the persisted
    // lists' module, whose rows its first render shows, and the whole catalogue with the core.
    const students = map.routes.find((r) => new RegExp(r.path).test('/students'))!;
    for (const chunk of ['session-', 'Layout-', 'resources-', 'persistedList-']) {
      expect(
        students.js.some((href) => href.startsWith(`/assets/${chunk}`)),
        chunk,
      ).toBe(true);
    }
    for (const locale of ['en', 'es']) {
      const words = map.words[locale]!.full!;
      for (const part of ['core', 'full']) {
        expect(words.some((href) => href.startsWith(`/assets/${locale}.${part}-`))).toBe(true);
      }
    }
    // /login's session chunk and its stylesheet come before its first render too.
    const login = map.routes.find((r) => new RegExp(r.path).test('/login'))!;
    expect(login.js.some((href) => href.startsWith('/assets/session-'))).toBe(true);
    expect(login.css.some((href) => href.startsWith('/assets/session-'))).toBe(true);
    // The e-mail action page's answer needs Auth's action calls: they come with its code.
    const action = map.routes.find((r) => new RegExp(r.path).test('/auth/action'))!;
    expect(
      action.js.filter((href) =>
        /identitytoolkit\.googleapis\.com/.test(files.get(href.slice(1))!),
      ),
    ).not.toEqual([]);
    // The public pages' map holds neither Firebase Auth nor the store.
    for (const pathname of ['/qrcode/abc', '/payment/abc/1', '/chart/1']) {
      const route = map.routes.find((r) => new RegExp(r.path).test(pathname))!;
      expect(
        route.js.filter((href) => /\/(auth|session)-/.test(href)),
        pathname,
      ).toEqual([]);
    }
    for (const locale of ['en', 'es']) {
      for (const scope of ['core', 'public']) {
        const words = map.words[locale]![scope]!;
        expect(words.some((href) => href.startsWith(`/assets/${locale}.${scope}-`))).toBe(true);
        for (const href of words) expect(files.has(href.slice(1)), href).toBe(true);
      }
    }
  });

  it('has no demo data (emulators/seed): accounts, passwords, records, the demo project', () => {
    const demo =
      /admin@tuition\.test|staff@tuition\.test|admin123|staff123|Raffles Institution|Rosyth School|Treasure at Tampines|@example\.sg|demo-tuition/;
    expect(occurrences(demo)).toEqual([]);
  });
});
