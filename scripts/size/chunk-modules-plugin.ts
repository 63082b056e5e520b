/**
 * A Vite plugin that writes `dist/.vite/chunk-modules.json`: for every JS chunk of the build, the modules whose
 * code is in it (those tree-shaking left some code of), named from the repository root (`apps/web/src/…`,
 * `node_modules/zod/…`). The manifest says which files a route loads; this file says what is inside them, so
 * `npm run size -- --check` can refuse a route that carries code it must not (zod, socket.io, the player…).
 */
import type { Plugin } from 'vite';

export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json';

/** A module id as the report shows it: from `node_modules/` on for packages, else relative to `repoRoot`. */
export function moduleName(id: string, repoRoot: string): string {
  const plain = id.replace(/^\0/, '').replaceAll('\\', '/');
  const inPackages = plain.lastIndexOf('/node_modules/');
  if (inPackages >= 0) return plain.slice(inPackages + 1);
  const root = `${repoRoot.replaceAll('\\', '/').replace(/\/$/, '')}/`;
  return plain.startsWith(root) ? plain.slice(root.length) : plain;
}

export function chunkModulesPlugin(repoRoot: string): Plugin {
  return {
    name: 'xemchung:chunk-modules',
    apply: 'build',
    // After Vite's own plugins, which drop the empty JS chunk of the CSS entry from the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        modules[output.fileName] = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => moduleName(id, repoRoot))
          .sort();
      }
      this.emitFile({ type: 'asset', fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(modules, null, 1)}\n` });
    },
  };
}
