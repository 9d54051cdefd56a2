import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const ADMIN_LAZY_PAGES = fileURLToPath(new URL('./src/app/admin-lazy-pages.ts', import.meta.url));

/** File names of the chunks that only the admin pages reach; filled while the bundle is written. */
const adminOnlyChunks = new Set<string>();

/**
 * Finds the chunks that a device reaches only through `admin-lazy-pages.ts`: start at the entry, follow
 * static imports and every dynamic import except the admin pages', and what is left over is admin-only.
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
            const file = chunkOfModule.get(target);
            if (file) queue.push(file);
          }
        }
      }
      if (!chunks.some((chunk) => chunk.moduleIds.includes(ADMIN_LAZY_PAGES))) {
        this.error(`${ADMIN_LAZY_PAGES} is not in the bundle: the admin precache rule would exclude nothing.`);
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
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const mount = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/mount.tsx'));
        if (!mount) return [];
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
            attrs: { rel: 'preload', as: 'style', href: `/${file}` },
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

export default defineConfig({
  plugins: [
    react(),
    findAdminOnlyChunks(),
    preloadAppShell(),
    VitePWA({
      registerType: 'autoUpdate',
      // An external registerSW.js keeps the page free of inline script (strict CSP).
      injectRegister: 'script',
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
        navigateFallbackDenylist: [/^\/api\//],
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
  server: {
    // In development the API runs on its own port; the proxy keeps every call same-origin under /api/.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 700 },
});
