import { describe, expect, it } from 'vitest';
import { moduleName } from './chunk-modules-plugin.ts';

describe('moduleName', () => {
  const root = '/work/repo';

  it('names app modules from the repository root and packages from node_modules on', () => {
    expect(moduleName('/work/repo/apps/web/src/main.tsx', root)).toBe('apps/web/src/main.tsx');
    expect(moduleName('/work/repo/node_modules/zod/v4/core/schemas.js', root)).toBe(
      'node_modules/zod/v4/core/schemas.js',
    );
  });

  it('takes the innermost node_modules, drops the virtual-module marker and keeps ids outside the root', () => {
    expect(moduleName('/work/repo/node_modules/a/node_modules/zod/index.js', `${root}/`)).toBe(
      'node_modules/zod/index.js',
    );
    expect(moduleName('\0vite/preload-helper.js', root)).toBe('vite/preload-helper.js');
    expect(moduleName('C:\\repo\\apps\\web\\src\\main.tsx', 'C:\\repo')).toBe('apps/web/src/main.tsx');
  });
});
