import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SfuConfig } from '../config/config.ts';
import { JanusApi } from './janus-api.ts';
import { startJanus } from './janus-process.ts';
import { SfuMedia } from './sfu-media.ts';

export interface RunningSfu {
  media: SfuMedia;
  close(): Promise<void>;
}

/** R129: the SFU as configured, Janus started here (SFU=janus) or one already running (SFU_URL). */
export async function startSfu(config: SfuConfig, dataDir: string, log: FastifyBaseLogger): Promise<RunningSfu> {
  // Set once the API and the media exist (after the managed Janus first answers); a Janus that ends is all gone.
  let onLost = () => {};
  const managed =
    config.kind === 'managed'
      ? await startJanus({
          binary: config.binary,
          port: config.port,
          pidFile: path.join(dataDir, 'janus.pid'),
          onExit: (code) => {
            log.error({ code }, 'Janus (the SFU) stopped; starting it again (screen shares and calls reconnect)');
            onLost();
          },
          onRestart: () => log.warn('Janus (the SFU) runs again'),
          // Janus logs a refused request as an error too ('No such feed' while a share connects, R129): the
          // requests that matter are logged by the handlers; Janus's own lines are for debugging.
          onLog: (line) => log.debug({ janus: line }, 'Janus'),
        })
      : null;
  const api = new JanusApi({
    url: managed?.url ?? (config.kind === 'external' ? config.url : ''),
    ...(managed
      ? { secret: managed.secret }
      : config.kind === 'external' && config.secret
        ? { secret: config.secret }
        : {}),
    onError: (error) => log.warn({ err: error }, 'the SFU session was lost; it opens again on the next request'),
  });
  const media = new SfuMedia(api);
  onLost = () => {
    api.lost();
    media.lost();
  };
  return {
    media,
    async close() {
      await api.close();
      await managed?.stop();
    },
  };
}
