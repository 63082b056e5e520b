import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'protocol', root: './packages/protocol', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      {
        test: {
          name: 'tools',
          root: '.',
          include: ['scripts/**/*.test.ts', 'bench/**/*.test.ts', 'e2e/support/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
