import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Polled by load balancers and Prometheus, every few seconds, all day. */
const PROBE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * A request whose success tells an operator nothing: a probe, or a file of the built web app (a last path
 * segment with a dot: `/assets/index-3f2a.js`, `/favicon.svg`). Pages, API calls and every failure are not.
 */
export function isRoutineRequest(method: string, url: string, statusCode: number): boolean {
  if (statusCode >= 400 || (method !== 'GET' && method !== 'HEAD')) return false;
  const pathname = url.split('?')[0] ?? '';
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return PROBE_PATHS.has(pathname) || /\.[A-Za-z0-9]+$/.test(last);
}

/**
 * One access line per request, when it completes, with the method, URL, status and time together (Fastify's
 * default writes two, 'incoming request' and 'request completed'); routine requests at debug, the rest at info.
 */
export class AccessLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...fields, err: error }, 'request errored');
    } else if (isRoutineRequest(request.method, request.url, reply.statusCode)) {
      reply.log.debug(fields, 'request completed');
    } else {
      reply.log.info(fields, 'request completed');
    }
  }
}
