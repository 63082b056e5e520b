import { z } from 'zod';
import { CHAT_PAGE_SIZE } from '../chat-text.ts';
import { personSchema } from './people.ts';

/**
 * One chat message as stored and sent. `seq` orders a room's messages in commit order; it is unique per room
 * but clients must not assume there are no gaps. The sender is who they were when they wrote. A deleted
 * message stays as a placeholder (`deleted`, empty `text`): its text is gone for everyone.
 */
export const chatMessageSchema = z.object({
  seq: z.number().int().min(1),
  sender: personSchema,
  text: z.string(),
  /** Server epoch ms at commit. */
  createdAt: z.number().int().min(0),
  deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const chatSeqSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Sends a message to the room (signed-in viewers; guests when the room's `guestChat` is on). */
export const chatSendCommand = z.object({ type: z.literal('chat:send'), text: z.string() });
/** Deletes a message for everyone (host and co-hosts). */
export const chatDeleteCommand = z.object({ type: z.literal('chat:delete'), seq: chatSeqSchema });
/** The last CHAT_PAGE_SIZE messages, or those before `before`. */
export const chatHistoryCommand = z.object({ type: z.literal('chat:history'), before: chatSeqSchema.optional() });

/** `chat:send`: the message as stored (it also reaches everyone, the sender included, as `chat:message`). */
export const chatSendResultSchema = z.object({ message: chatMessageSchema });
/** `chat:delete`: the deleted message's seq. */
export const chatDeleteResultSchema = z.object({ seq: chatSeqSchema });
/** `chat:history`: at most CHAT_PAGE_SIZE messages, oldest first; `hasMore` when older ones exist. */
export const chatHistoryResultSchema = z.object({
  messages: z.array(chatMessageSchema).max(CHAT_PAGE_SIZE),
  hasMore: z.boolean(),
});

/** `chat:message`: a new message in the room you are in. */
export const chatMessageEventSchema = z.object({ roomId: z.string(), message: chatMessageSchema });
/** `chat:deleted`: a message of the room you are in was deleted for everyone. */
export const chatDeletedEventSchema = z.object({ roomId: z.string(), seq: chatSeqSchema });
export type ChatMessageEvent = z.infer<typeof chatMessageEventSchema>;
export type ChatDeletedEvent = z.infer<typeof chatDeletedEventSchema>;
