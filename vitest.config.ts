import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'] },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // A page test renders Mantine in jsdom: a few take 2–5 s on a loaded 2-core machine (CI).
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Not the zone of any studio in the tests, with a 45-minute offset: code that leans on the
          // process zone instead of the studio's fails here (issue 8; cal.com runs its suite the same way).
          env: { TZ: 'Pacific/Chatham' },
        },
      },
    ],
  },
});
