// The import rules of .dependency-cruiser.cjs (ADR 037) fail on what they forbid: each case is a tiny tree written
// to a temporary folder and cruised with the repository's own config, so a rule that stops matching (a moved folder,
// a wrong pattern) fails here instead of passing silently in `npm run lint`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
const folders: string[] = [];

/** Cruises a tree of `files` (path → text) as `npm run lint` cruises the repository. */
function cruise(files: Record<string, string>) {
  const folder = mkdtempSync(join(tmpdir(), 'boundaries-'));
  folders.push(folder);
  const tree = { 'tsconfig.base.json': '{"compilerOptions": {"allowImportingTsExtensions": true}}', ...files };
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const run = spawnSync(process.execPath, [DEPCRUISE, '--config', CONFIG, 'apps', 'packages'], {
    cwd: folder,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** One file for each layer and folder the rules name, importing only what they may. */
const LAWFUL: Record<string, string> = {
  'packages/protocol/src/limits.ts': 'export const MAX = 1;\n',
  'packages/protocol/src/schemas/room.ts':
    "import { MAX } from '../limits.ts';\nexport type Room = { max: typeof MAX };\n",
  'packages/protocol/src/room.ts':
    "import type { Room } from './schemas/room.ts';\nexport const EMPTY: Room = { max: 1 };\n",
  'apps/web/src/lib/paths.ts': "export const HOME = '/';\n",
  'apps/web/src/components/Button.tsx': "import { HOME } from '../lib/paths.ts';\nexport const Button = HOME;\n",
  'apps/web/src/features/room/roomClient.ts':
    "import { EMPTY } from '../../../../../packages/protocol/src/room.ts';\nexport const client = EMPTY;\n",
  'apps/web/src/features/chat/ChatPanel.tsx':
    "import { Button } from '../../components/Button.tsx';\nimport { client } from '../room/roomClient.ts';\nexport const Chat = [Button, client];\n",
  'apps/web/src/layout/TopBar.tsx':
    "import { Chat } from '../features/chat/ChatPanel.tsx';\nexport const TopBar = Chat;\n",
  'apps/web/src/routes/RoomPage.tsx': "import { TopBar } from '../layout/TopBar.tsx';\nexport const Page = TopBar;\n",
  'apps/server/src/db/database.ts': 'export const db = {};\n',
  'apps/server/src/rooms/room-store.ts': "import { db } from '../db/database.ts';\nexport const store = db;\n",
  'apps/server/src/chat/chat-store.ts': "import { db } from '../db/database.ts';\nexport const chat = db;\n",
  'apps/server/src/realtime/socket-server.ts':
    "import { chat } from '../chat/chat-store.ts';\nimport { store } from '../rooms/room-store.ts';\nexport const io = [chat, store];\n",
};

describe('import boundaries (ADR 037)', () => {
  it('pass a tree that keeps every rule', () => {
    const { status, output } = cruise(LAWFUL);
    expect(output).toContain('no dependency violations found');
    expect(status).toBe(0);
  });

  it.each([
    [
      'no-cycle',
      'two files importing each other, one of them by types alone',
      {
        'apps/server/src/rooms/a.ts': "import type { B } from './b.ts';\nexport type A = B;\nexport const x = 1;\n",
        'apps/server/src/rooms/b.ts': "import { x } from './a.ts';\nexport type B = number;\nexport const y = x;\n",
      },
    ],
    [
      'server-features-import-no-feature-across',
      'chat/ importing rooms/',
      {
        'apps/server/src/chat/chat-handlers.ts':
          "import { store } from '../rooms/room-store.ts';\nexport const h = store;\n",
      },
    ],
    [
      'server-shared-imports-no-feature',
      'db/ importing a feature',
      { 'apps/server/src/db/schema.ts': "import { chat } from '../chat/chat-store.ts';\nexport const s = chat;\n" },
    ],
    [
      'web-features-import-base-features-and-below',
      'one feature importing another that is not a base feature',
      {
        'apps/web/src/features/player/Player.tsx': 'export const Player = 1;\n',
        'apps/web/src/features/chat/ChatLink.tsx':
          "import { Player } from '../player/Player.tsx';\nexport const Link = Player;\n",
      },
    ],
    [
      'web-base-features-import-no-other-feature',
      'the room feature importing the chat',
      {
        'apps/web/src/features/room/RoomChat.tsx':
          "import { Chat } from '../chat/ChatPanel.tsx';\nexport const RoomChat = Chat;\n",
      },
    ],
    [
      'web-components-import-no-feature-layout-or-route',
      'a shared component importing the layout',
      {
        'apps/web/src/components/Avatar.tsx':
          "import { TopBar } from '../layout/TopBar.tsx';\nexport const A = TopBar;\n",
      },
    ],
    [
      'web-layout-imports-no-route',
      'the layout importing a page',
      { 'apps/web/src/layout/Menu.tsx': "import { Page } from '../routes/RoomPage.tsx';\nexport const Menu = Page;\n" },
    ],
    [
      'web-without-zod',
      'the web importing the schema door',
      {
        'apps/web/src/features/room/check.ts':
          "import { EMPTY } from '../../../../../packages/protocol/src/schemas/room.ts';\nexport const c = EMPTY;\n",
      },
    ],
    [
      'web-without-zod',
      'the web importing zod',
      {
        'node_modules/zod/package.json': '{"name": "zod", "type": "module", "main": "index.js"}\n',
        'node_modules/zod/index.js': 'export const z = {};\n',
        'apps/web/src/lib/check.ts': "import { z } from 'zod';\nexport const c = z;\n",
      },
    ],
    [
      'protocol-pure-without-zod',
      'a pure protocol file importing a schema file at run time',
      {
        'packages/protocol/src/defaults.ts':
          "import { EMPTY } from './schemas/room.ts';\nexport const DEFAULT = EMPTY;\n",
      },
    ],
  ])('fail on %s: %s', (rule, _what, files: Record<string, string>) => {
    const { status, output } = cruise({ ...LAWFUL, ...files });
    expect(output).toContain(`error ${rule}:`);
    expect(status).not.toBe(0);
  });
});
