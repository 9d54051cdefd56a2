import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
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
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
    }),
  ],
  server: {
    // In development the API runs on its own port; the proxy keeps every call same-origin under /api/.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 700 },
});
