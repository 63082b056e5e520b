// The browser tests drive Debian's Chromium (it plays H.264/VP9/AV1; Playwright's own download cannot run
// here). Install it through apt when it is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.log(`[xemchung] ${CHROMIUM} missing: installing Debian's chromium with apt-get…`);
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execSync(`${sudo}apt-get update -q`, { stdio: 'inherit', env });
  execSync(`${sudo}apt-get install -y -q chromium`, { stdio: 'inherit', env });
}
