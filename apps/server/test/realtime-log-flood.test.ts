import { describe, expect, it } from 'vitest';
import { CLIENT_WARNINGS } from '../src/realtime/client-warnings.ts';
import { startServer } from './harness.ts';
import { connect } from './room-clients.ts';

interface LogLine {
  level: number;
  msg: string;
  module?: string;
  address?: string;
  suppressed?: number;
}

const SOCKETS = 10;
const MESSAGES_PER_SOCKET = 300;

describe('warn logging under a reconnecting flood (R37)', () => {
  it('writes a bounded number of lines per client address, and counts the rest in a summary', async () => {
    const lines: LogLine[] = [];
    const server = await startServer('sqlite', {
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    });
    let refusedAcks = 0;
    let cutOffs = 0;
    const started = performance.now();
    try {
      // Each new socket floods unknown commands until it is cut off (R22), then the client comes back.
      for (let round = 0; round < SOCKETS; round++) {
        const flooder = await connect(server);
        const gone = new Promise<string>((resolve) => flooder.socket.once('disconnect', resolve));
        for (let n = 0; n < MESSAGES_PER_SOCKET; n++) {
          flooder.socket.emit('room:explode', {}, (ack: { error?: { code: string } }) => {
            if (ack.error?.code === 'unknown_command') refusedAcks += 1;
          });
        }
        expect(await gone).toBe('io server disconnect');
        cutOffs += 1;
      }
    } finally {
      await server.close();
    }
    const elapsedSeconds = (performance.now() - started) / 1000;

    const warnings = lines.filter((line) => line.level === 40 && line.module === 'realtime');
    const summaries = warnings.filter((line) => line.suppressed !== undefined);
    const written = warnings.length - summaries.length;
    // Without the limit: about 42 lines for every socket (40 refused commands, one rate_limited, the cut-off).
    expect(refusedAcks).toBeGreaterThanOrEqual(SOCKETS * 40);
    expect(written).toBeLessThanOrEqual(
      CLIENT_WARNINGS.capacity + Math.ceil(elapsedSeconds * CLIENT_WARNINGS.refillPerSecond),
    );
    expect(warnings.every((line) => line.address === '127.0.0.1')).toBe(true);
    // Nothing vanishes: every refused command and every cut-off is either a line or counted in a summary.
    const suppressed = summaries.reduce((sum, line) => sum + (line.suppressed ?? 0), 0);
    expect(written + suppressed).toBeGreaterThanOrEqual(refusedAcks + cutOffs);
  });
});
