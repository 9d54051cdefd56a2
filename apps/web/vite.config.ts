import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaintChunks } from './build/first-paint-chunks.ts';
import { lazyMantineDefaults } from './build/lazy-mantine-defaults.ts';

const ADMIN_LAZY_PAGES = fileURLToPath(new URL('./src/app/admin-lazy-pages.ts', import.meta.url));
// The admin route table, loaded by the route sets' `app/*`: an admin entry like the pages it lists.
const ADMIN_ROUTES = fileURLToPath(new URL('./src/app/admin-routes.tsx', import.meta.url));
const SHARED_SRC = fileURLToPath(new URL('../../packages/shared/src/', import.meta.url));
const ZOD_SETUP = fileURLToPath(new URL('./src/zod-setup.ts', import.meta.url));
const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const MOUNT = src('mount.tsx');
const INDEX_HTML = fileURLToPath(new URL('./index.html', import.meta.url));
const WIDGET_HTML = fileURLToPath(new URL('./widget.html', import.meta.url));
/**
 * The booking widget's schedule addresses, `/{company}/widget` and `/{company}/widget/{widgetStudioId}`,
 * are drawn by its own entry (widget.html, src/widget/main.tsx); the server sends that page for them
 * (apps/server/src/plugins/web-pages.ts, the same rule). Its class page is the main app's.
 */
const WIDGET_MAIN = src('widget/main.tsx');
const WIDGET_DIR = src('widget/');
const SHARED_INDEX = `${SHARED_SRC}index.ts`;
/** The modules of packages/shared the widget's entry uses (it imports them through the package's index). */
const WIDGET_SHARED_SOURCES = ['login-paths.ts', 'money.ts', 'constants/session.ts'].map(
  (file) => `${SHARED_SRC}${file}`,
);
/** The widget modules the main app uses too (its widget class page, the frame's height reports). */
const WIDGET_SHARED = new Set([src('widget/widget-paths.ts'), src('widget/widget-messages.ts')]);
/** The modules the widget entry imports statically; filled when the module graph is built (widgetEntry). */
const widgetModules = new Set<string>();
const WIDGET_SCHEDULE = /^\/[^/]+\/widget(?:\/[^/]+)?\/?$/;
/** Every address of the widget (its schedule and its class page). */
const WIDGET_ADDRESS = /^\/[^/]+\/widget(?:\/|$)/;

/** Chunk name → its modules, for the client group's first paint (build/first-paint-chunks.ts). */
const firstPaintGroups = new Map<string, Set<string>>();

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** The calls and `new`s an expression makes while it is evaluated (not those inside functions it defines). */
function callsIn(node: AstNode, found: AstNode[]): void {
  if (node.type === 'CallExpression' || node.type === 'NewExpression') {
    found.push(node);
    return; // one annotation covers the chain and its arguments
  }
  if (/Function|Class/.test(node.type)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'typeAnnotation' || key === 'typeArguments') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) callsIn(child, found);
  }
}

/**
 * packages/shared builds its zod schemas at module level (`export const x = z.object(...)`). A bundler
 * must assume a call may have side effects, so every schema of a module the app touches stayed in the
 * bundle, and with them zod, on every page. Each module of packages/shared only declares things (the
 * package says `"sideEffects": false`), so its top-level initialisers are marked pure here: a schema no
 * page uses is left out, and a page that uses none does not load zod.
 */
function pureSharedDeclarations(): Plugin {
  return {
    name: 'kinetic-pure-shared-declarations',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /\/packages\/shared\/src\/.*\.ts$/ },
      handler(code, id) {
        if (!id.startsWith(SHARED_SRC) || id.endsWith('.test.ts')) return null;
        const program = this.parse(code, { lang: 'ts' }) as unknown as { body: AstNode[] };
        const calls: AstNode[] = [];
        for (let statement of program.body) {
          if (statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)) {
            statement = statement.declaration;
          }
          if (statement.type === 'VariableDeclaration') {
            for (const declarator of statement.declarations as AstNode[]) {
              if (isNode(declarator.init)) callsIn(declarator.init, calls);
            }
          } else if (statement.type === 'ExpressionStatement') {
            this.error(
              `${id}: a top-level statement with effects (${code.slice(statement.start, statement.end)}); packages/shared only declares.`,
            );
          }
        }
        if (calls.length === 0) return null;
        let out = code;
        for (const call of calls.sort((a, b) => b.start - a.start)) {
          out = `${out.slice(0, call.start)}/* @__PURE__ */ ${out.slice(call.start)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

/** File names of the chunks that only the admin pages reach; filled while the bundle is written. */
const adminOnlyChunks = new Set<string>();

/**
 * Finds the chunks that a device reaches only through `admin-lazy-pages.ts` or the admin route table: start
 * at the entry, follow static imports and every dynamic import except the admin pages' and the admin route
 * table's, and what is left over is admin-only.
 * A chunk the client or public side also loads (My account, shared inputs) stays in the precache.
 */
function findAdminOnlyChunks(): Plugin {
  return {
    name: 'kinetic-admin-only-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      adminOnlyChunks.clear();
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
      const chunkOfModule = new Map<string, string>();
      for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOfModule.set(id, chunk.fileName);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const reached = new Set<string>();
      const queue = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName);
      while (queue.length > 0) {
        const name = queue.pop();
        if (name === undefined || reached.has(name)) continue;
        reached.add(name);
        const chunk = byName.get(name);
        if (!chunk) continue;
        queue.push(...chunk.imports);
        for (const id of chunk.moduleIds) {
          if (id === ADMIN_LAZY_PAGES) continue;
          for (const target of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
            if (target === ADMIN_ROUTES) continue;
            const file = chunkOfModule.get(target);
            if (file) queue.push(file);
          }
        }
      }
      if (!chunks.some((chunk) => chunk.moduleIds.includes(ADMIN_LAZY_PAGES))) {
        this.error(
          `${ADMIN_LAZY_PAGES} is not in the bundle: the admin precache rule would exclude nothing.`,
        );
      }
      const cssOf = (chunk: (typeof chunks)[number]) => [...(chunk.viteMetadata?.importedCss ?? [])];
      const reachedCss = new Set(chunks.filter((chunk) => reached.has(chunk.fileName)).flatMap(cssOf));
      for (const chunk of chunks) {
        if (reached.has(chunk.fileName)) continue;
        adminOnlyChunks.add(chunk.fileName);
        for (const css of cssOf(chunk)) if (!reachedCss.has(css)) adminOnlyChunks.add(css);
      }
    },
  };
}

/**
 * `main.tsx` loads `mount.tsx` with a dynamic import (zod is configured first), so the browser would only
 * discover the app's chunks after the entry has downloaded and run: one more round trip before anything
 * paints. The built page names them up front: `modulepreload` for the mount chunk and every chunk it
 * imports statically, `preload` for its stylesheet (fetched early, applied when the app mounts, so it
 * blocks no paint). External links only: the page keeps no inline script (strict CSP).
 */
function preloadAppShell(): Plugin {
  return {
    name: 'kinetic-preload-app-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, filename }) {
        // The widget's page (widget.html) is an entry of its own: none of the app's chunks.
        if (!bundle || filename !== INDEX_HTML) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const mount = chunks.find((chunk) => chunk.moduleIds.includes(MOUNT));
        if (!mount) throw new Error(`No chunk holds ${MOUNT}: the page would preload nothing.`);
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const scripts: string[] = [];
        const styles: string[] = [];
        const queue = [mount.fileName];
        while (queue.length > 0) {
          const name = queue.shift();
          const chunk = name === undefined ? undefined : byName.get(name);
          if (!chunk || chunk.isEntry || scripts.includes(chunk.fileName)) continue;
          scripts.push(chunk.fileName);
          styles.push(...(chunk.viteMetadata?.importedCss ?? []));
          queue.push(...chunk.imports);
        }
        return [
          ...[...new Set(styles)].map((file) => ({
            tag: 'link',
            // `crossorigin` as on the <link rel=stylesheet> Vite's preload helper adds when the app mounts:
            // a preload whose credentials mode differs is not used, and the stylesheet was fetched twice.
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...scripts.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The widget's page stays small and self-contained: no service worker registration (a widget framed by a
 * studio's site would install Kinetic's worker and precache the whole app in that site's partition) and
 * no app manifest. In development, its addresses are answered with widget.html, as the server does.
 */
function widgetEntry(): Plugin {
  const strip = (html: string) =>
    html
      .replace(/\s*<script[^>]*registerSW\.js[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="manifest"[^>]*>/g, '');
  return {
    name: 'kinetic-widget-entry',
    // Everything the widget's entry imports statically: kept out of the app's first-paint chunks (below), or
    // the widget would download them whole (~70 kB gzip) for the few small modules it shares with them.
    buildEnd() {
      widgetModules.clear();
      const queue = [WIDGET_MAIN];
      while (queue.length > 0) {
        const id = queue.pop();
        if (id === undefined || widgetModules.has(id)) continue;
        widgetModules.add(id);
        // `@kinetic/shared`'s index re-exports every module: the widget takes only the few it names.
        if (id === SHARED_INDEX) queue.push(...WIDGET_SHARED_SOURCES);
        else queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
    // The widget's first paint must not pull in the app's chunks (issue 12 §5: ≤ 80 kB gzip, no admin or
    // client-area chunk): a module of packages/shared it starts to use must be listed above.
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      const entry = [...chunks.values()].find(
        (chunk) => chunk.isEntry && chunk.moduleIds.includes(WIDGET_MAIN),
      );
      if (!entry) return;
      const seen = new Set<string>();
      const queue = [entry.fileName];
      while (queue.length > 0) {
        const name = queue.pop();
        if (name === undefined || seen.has(name)) continue;
        seen.add(name);
        queue.push(...(chunks.get(name)?.imports ?? []));
      }
      const heavy = [...seen].filter((name) =>
        /^assets\/(app|client-login|client-calendar|zod-setup)-/.test(name),
      );
      if (heavy.length > 0) {
        this.error(
          `The widget's entry imports ${heavy.join(', ')}: one of its modules is in the app's first-paint chunks. ` +
            'If it comes from @kinetic/shared, add its file to WIDGET_SHARED_SOURCES in vite.config.ts.',
        );
      }
    },
    // After the PWA plugin has added its lines to every page.
    async writeBundle(options) {
      const file = path.join(options.dir ?? '', 'widget.html');
      await writeFile(file, strip(await readFile(file, 'utf8')));
    },
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const [pathname = '/', query] = (request.url ?? '/').split('?');
        if ((request.method === 'GET' || request.method === 'HEAD') && WIDGET_SCHEDULE.test(pathname)) {
          request.url = `/widget.html${query ? `?${query}` : ''}`;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    pureSharedDeclarations(),
    lazyMantineDefaults(),
    firstPaintChunks(
      {
        shell: MOUNT,
        // The client group's two first pages, by the route modules their routes load (app/lazy-pages.ts).
        pages: {
          'client-login': [src('features/accounts/login-page.tsx')],
          'client-calendar': [
            src('shell/client-shell.tsx'),
            src('features/client-calendar/client-calendar-page.tsx'),
          ],
          'event-page': [src('features/event-booking/event-page.tsx')],
        },
        mantineCss: src('app/mantine-first-paint.css'),
        forbidden: [
          {
            pattern: /\/node_modules\/zod\/|\/src\/zod-setup\.ts$/,
            reason:
              'zod (~26 kB gzip, and the schemas it builds at start-up) reached the client login, the client calendar or the app shell. ' +
              'A module of packages/shared that builds a schema comes whole: import the constant or check from a zod-free module ' +
              '(login-form.ts, object-id.ts, constants/roles.ts, cookie-user.ts; move it there if it is not), or validate without zod.',
          },
        ],
      },
      firstPaintGroups,
    ),
    findAdminOnlyChunks(),
    preloadAppShell(),
    widgetEntry(),
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js keeps the page free of inline script (strict CSP); `defer` keeps it from
      // blocking the first paint (it only registers the worker, which can wait until the page is parsed).
      injectRegister: 'script-defer',
      manifest: {
        name: 'Kinetic',
        short_name: 'Kinetic',
        description: 'Classes, clients and bookings for fitness studios.',
        theme_color: '#4860CF',
        background_color: '#ffffff',
        display: 'standalone',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        navigateFallback: '/index.html',
        // The widget's schedule is another page (widget.html), and every widget address is framed by a
        // studio's site: they come from the server, with the company's frame-ancestors (a page the worker
        // answers carries no header at all), never as the app's cached index.html.
        navigateFallbackDenylist: [/^\/api\//, WIDGET_ADDRESS],
        // Precache what every group starts with (shell, client and public pages, CSS, fonts, icons);
        // admin-only chunks are left to the runtime cache below, so client devices never fetch them.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => !adminOnlyChunks.has(entry.url.replace(/^\//, ''))),
            warnings: [],
          }),
        ],
        runtimeCaching: [
          {
            // Hashed file names never change content, so a cached copy is always right.
            urlPattern: /\/assets\/.+\.(?:js|css|woff2)$/,
            handler: 'CacheFirst',
            options: {
              cacheName: 'kinetic-assets',
              expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 90 },
            },
          },
        ],
      },
    }),
  ],
  resolve: {
    // zod as the app uses it, configured before any schema is built (see zod-setup.ts); the setup module
    // itself imports zod's own entry point.
    alias: [
      { find: /^zod$/, replacement: ZOD_SETUP },
      // react-router's package points every import at its development build, which differs from the
      // production one only in `ENABLE_DEV_WARNINGS = true`: warnings checked (and shipped) on every route.
      { find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION },
    ],
  },
  server: {
    // In development the API runs on its own port; the proxy keeps every call same-origin under /api/.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Fonts stay files: @fontsource's small .woff fallbacks (for browsers without woff2, so never fetched
    // by ours) were inlined as base64 into the first-paint stylesheet, a third of its gzip size.
    assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      // Two pages: the app, and the booking widget's own small entry (issue 12 §5).
      input: { index: INDEX_HTML, widget: WIDGET_HTML },
      output: {
        codeSplitting: {
          groups: [
            // React and react-dom apart from the rest of the app, so that they are evaluated in a task of
            // their own (main.tsx asks for them first) instead of in one long evaluation of the first paint.
            {
              name: 'react',
              priority: 10,
              test: /\/node_modules\/(react|react-dom|scheduler)\//,
              includeDependenciesRecursively: false,
            },
            // The small modules the widget's entry shares with the app (time labels, paths, cookies, the
            // height messages), in one chunk instead of one file each; the widget's own pages stay in its entry.
            {
              name: 'widget-shared',
              priority: 5,
              test: (id: string) =>
                widgetModules.has(id) &&
                !/\/node_modules\/(react|react-dom|scheduler)\//.test(id) &&
                (!id.startsWith(WIDGET_DIR) || WIDGET_SHARED.has(id)),
              includeDependenciesRecursively: false,
            },
            ...['app', 'client-login', 'client-calendar', 'event-page'].map((name, index, names) => ({
              name,
              priority: names.length - index,
              test: (id: string) => (firstPaintGroups.get(name)?.has(id) ?? false) && !widgetModules.has(id),
              // The sets are whole already (closed under import); pulling in dependencies would also move
              // Vite's preload helper out of the entry, and the entry would then import this chunk
              // statically and link its stylesheet from the page, where it blocks the first paint.
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
    },
  },
});
