import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config/config.ts';

/** Fields of Fastify's request lines that the one-line summary of a terminal already says. */
const REQUEST_FIELDS = ['reqId', 'req', 'res', 'responseTime'];

interface RequestLine {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** `GET /api/rooms 200 12 ms` for a request line, the message alone for the rest. */
function terminalMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  const { req, res, responseTime } = log as RequestLine;
  if (!req?.method || !res?.statusCode) return message;
  const time = typeof responseTime === 'number' ? ` ${Math.round(responseTime)} ms` : '';
  return `${req.method} ${req.url} ${res.statusCode}${time}`;
}

/**
 * pino-pretty in this process, written synchronously: a line logged just before `process.exit` (a failed start)
 * is on the terminal before the process is gone, which a worker-thread transport does not promise.
 */
function terminalStream(colors: boolean): DestinationStream {
  return pinoPretty({
    sync: true,
    colorize: colors,
    translateTime: 'SYS:HH:MM:ss',
    // `setting`: a failed start's line names it in words already (startup/startup-error.ts).
    ignore: ['pid', 'hostname', 'setting', ...REQUEST_FIELDS].join(','),
    messageFormat: terminalMessage,
  });
}

/**
 * The server's one logger: one JSON object per line (LOG_FORMAT=json, the default when stdout is not a terminal),
 * or pino-pretty's readable lines (docs/decisions/030-start-up-output.md). `stream` takes the lines instead of
 * stdout; tests that parse them get JSON whatever the format.
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  stream?: { write(line: string): void },
): FastifyBaseLogger {
  const options = { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] };
  if (stream) return pino(options, stream);
  if (config.logFormat === 'pretty') return pino(options, terminalStream(Boolean(process.stdout.isTTY)));
  return pino(options);
}
