// The fake YouTube Data API + oEmbed server of the server tests (apps/server/test/fake-youtube.ts) as a process,
// for the e2e run: `node e2e/support/fake-youtube-server.ts <port>`. playwright.config.ts starts it and points
// the app at it; e2e/support/youtube.ts names the keywords and ids that pick each scenario.
import { startFakeYouTube } from '../../apps/server/test/fake-youtube.ts';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node e2e/support/fake-youtube-server.ts <port>');
  process.exit(2);
}
const fake = await startFakeYouTube({ port });
console.log(`fake YouTube listening: ${JSON.stringify(fake.env)}`);
