import type { FastifyReply } from 'fastify';

/** Every HTTP error body: a stable machine code and a human message, never a stack trace. */
export interface HttpErrorBody {
  error: { code: string; message: string };
}

export function sendError(reply: FastifyReply, status: number, code: string, message: string) {
  const body: HttpErrorBody = { error: { code, message } };
  return reply.code(status).send(body);
}
