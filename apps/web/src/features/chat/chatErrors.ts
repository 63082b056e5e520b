import type { ChatTextProblem, ErrorCode } from '@xemchung/protocol';

type ChatErrorKey =
  | 'chat.errors.tooFast'
  | 'chat.errors.blank'
  | 'chat.errors.tooLong'
  | 'chat.errors.tooManyLines'
  | 'chat.errors.control'
  | 'chat.errors.bidi'
  | 'chat.errors.forbidden'
  | 'chat.errors.gone'
  | 'chat.guestsClosed'
  | 'room.errors.rateLimited'
  | 'room.errors.unavailable'
  | 'room.errors.failed';

/** The text for a draft the rules refuse (the server's own check, run before sending). */
export const PROBLEM_MESSAGES: Record<Exclude<ChatTextProblem, 'empty'>, ChatErrorKey> = {
  blank: 'chat.errors.blank',
  too_long: 'chat.errors.tooLong',
  too_many_lines: 'chat.errors.tooManyLines',
  control: 'chat.errors.control',
  bidi: 'chat.errors.bidi',
};

/** The text for each way the server can refuse a chat command (docs/protocol.md, Chat). */
const REFUSAL_MESSAGES: Partial<Record<ErrorCode, ChatErrorKey>> = {
  chat_rate_limited: 'chat.errors.tooFast',
  rate_limited: 'room.errors.rateLimited',
  chat_restricted: 'chat.guestsClosed',
  forbidden: 'chat.errors.forbidden',
  message_not_found: 'chat.errors.gone',
  invalid_message: 'chat.errors.control',
  unavailable: 'room.errors.unavailable',
  not_joined: 'room.errors.unavailable',
};

export function chatRefusalMessage(code: ErrorCode): ChatErrorKey {
  return REFUSAL_MESSAGES[code] ?? 'room.errors.failed';
}
