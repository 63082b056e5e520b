import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

export const errorCodeSchema = z.enum(ERROR_CODES);

export const protocolErrorSchema = z.object({ code: errorCodeSchema, message: z.string() });
/** What went wrong, as carried in a failed ack or a refused connection (`connect_error` → `err.data`). */
export type ProtocolError = z.infer<typeof protocolErrorSchema>;

export const ackFailureSchema = z.object({ ok: z.literal(false), error: protocolErrorSchema });
export type AckFailure = z.infer<typeof ackFailureSchema>;
