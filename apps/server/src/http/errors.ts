import type { FastifyReply } from 'fastify';

/** Every HTTP error body: a stable machine code and a human message, never a stack trace. */
export interface HttpErrorBody {
  error: { code: string; message: string };
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  const body: HttpErrorBody = { error: { code, message } };
  return reply.code(status).send(body);
}

/** What Fastify and its plugins throw: http-errors style, with the headers some statuses need. */
export interface HttpError {
  statusCode?: number;
  code?: string;
  message: string;
  headers?: Record<string, string>;
}

/**
 * The code of a 4xx raised by Fastify or a plugin: ours when the error carries one (`rate_limited`), a stable
 * name for a body over its limit, never Fastify's internal `FST_ERR_*` name for that.
 */
export function clientErrorCode(status: number, code: string | undefined): string {
  if (status === 413) return 'payload_too_large';
  if (status === 416) return 'range_not_satisfiable';
  return (code ?? 'bad_request').toLowerCase();
}
