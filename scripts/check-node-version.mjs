// Stops `npm start` and `npm run serve` with one clear line when the Node running them is older than the server
// needs (package.json#engines: TypeScript run without flags, node:sqlite). Started on Node 20, the server would
// die on its first import with ERR_UNKNOWN_FILE_EXTENSION. npm scripts get Node 24 from the `node`
// devDependency, so an older Node here means that is missing (devDependencies omitted, its install script
// skipped). Plain JS, so that any Node can run it.
import { readFileSync } from 'node:fs';

const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
// engines.node is kept in the one form this reads: ">=N".
const required = Number(/^>=(\d+)$/.exec(engines.node)?.[1]);
if (!Number.isInteger(required)) {
  console.error(`[xemchung] package.json engines.node must read ">=N", not "${engines.node}"`);
  process.exit(1);
}

const version = process.versions.node;
if (Number(version.split('.')[0]) < required) {
  console.error(
    `[xemchung] The server needs Node.js ${required} or newer, but this is Node.js ${version}: install the devDependencies (npm ci, without --omit=dev or NODE_ENV=production), whose "node" package runs every npm script on Node ${required}, or install Node.js ${required}.`,
  );
  process.exit(1);
}
