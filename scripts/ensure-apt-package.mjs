// Installs a Debian package through apt when the program it brings is missing: Chromium for the browser tests
// (Debian's plays H.264/VP9/AV1; Playwright's own download cannot run here), ffmpeg for `npm run bench:sync`'s
// clip. Usage: node scripts/ensure-apt-package.mjs <program path> <package>. Plain JavaScript, so it runs on
// whatever Node the machine has before `npm ci`.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [program, pkg] = process.argv.slice(2);
if (!program || !pkg) {
  console.error('usage: node scripts/ensure-apt-package.mjs <program path> <package>');
  process.exit(2);
}
if (!existsSync(program)) {
  console.log(`[xemchung] ${program} missing: installing Debian's ${pkg} with apt-get…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -q`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -q ${pkg}`, { stdio: 'inherit', env });
}
