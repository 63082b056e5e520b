// What a command's acknowledgement carries, free of zod: the server answers with these and the web reads them.
import type { ErrorCode } from './errors.ts';
import type { AckFailure, ProtocolError } from './schemas/errors.ts';

/** Every command's acknowledgement: `{ok: true, ...result}` or `{ok: false, error: {code, message}}`. */
export type AckResult<T extends object = Record<never, never>> = ({ ok: true } & T) | AckFailure;

export function protocolError(code: ErrorCode, message: string): ProtocolError {
  return { code, message };
}

export function ackFailure(code: ErrorCode, message: string): AckFailure {
  return { ok: false, error: { code, message } };
}
