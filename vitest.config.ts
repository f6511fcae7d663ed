import { defineConfig } from 'vitest/config';

// Vitest's failure summary calls Map.groupBy, which Node 20 lacks; without it a failing run crashes the
// reporter instead of naming the failed test.
if (!('groupBy' in Map)) {
  Object.defineProperty(Map, 'groupBy', {
    value<T, K>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const k = key(item, index++);
        groups.set(k, [...(groups.get(k) ?? []), item]);
      }
      return groups;
    },
  });
}

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        // The browser app's pure modules (no DOM); its screens are tested in Chromium (e2e/).
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          // A worker runs its files one after the other in one module graph: importing the app once per
          // worker instead of once per file (that import was 41 % of the suite's time). Each file still
          // has its own database (test/harness.ts createTestDatabase) and its own app.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
