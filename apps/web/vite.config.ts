import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkModulesPlugin } from '../../scripts/size/chunk-modules-plugin.ts';
import { precompress } from './vite-precompress.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // dist/.vite/chunk-modules.json: what each chunk contains, checked by `npm run size`.
    chunkModulesPlugin(new URL('../..', import.meta.url).pathname),
    // dist/**/*.br and *.gz beside each text file (brotli 11, gzip 9), served as they are by the server.
    precompress(),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/auth': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
  build: {
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each route loads, read by `npm run size` (scripts/size/main.ts).
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Every browser of the default (baseline) target supports <link rel=modulepreload>; skip the polyfill.
    modulePreload: { polyfill: false },
    rollupOptions: {
      output: {
        // Everything the entry needs statically goes in one chunk; otherwise modules it shares with the lazy pages
        // are cut into many small chunks, and each one compresses worse and costs a request.
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
