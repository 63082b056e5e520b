import { z } from 'zod';
import { SFU_SDP_MAX } from '../limits.ts';
import { peerIdSchema, videoIdSchema } from './room.ts';

// The screen share and the call through the SFU (R129): when the server runs one, a sharing tab sends its picture
// once to the SFU and every viewer receives it from there, instead of one link per viewer from the sharing tab
// (R126's mesh); a tab of the call sends its microphone and camera once, and receives each other tab's from the SFU
// (R127's mesh otherwise). `id` names what is sent: the room's share by its id, or the call (CALL_SIGNAL_TOPIC);
// `feed`, the tab of the call whose media a viewer receives. The server is the SFU's only client: it checks each
// request against the room and passes the session descriptions on; the browsers reach the SFU only with the media
// their descriptions agree on.

/** A session description as the browser made it, candidates included (the SFU's side takes no trickle). */
const sdpSchema = z.string().min(1).max(SFU_SDP_MAX);

/** R129: the sharing tab of the share `id`, or a tab of the call, offers its media to the SFU; the ack has the answer. */
export const sfuPublishCommand = z.object({ type: z.literal('sfu:publish'), id: videoIdSchema, sdp: sdpSchema });
/** R129: a viewer asks for the picture of the share `id`, or a tab of the call for the tab `feed`'s media; the ack has the SFU's offer. */
export const sfuSubscribeCommand = z.object({
  type: z.literal('sfu:subscribe'),
  id: videoIdSchema,
  feed: peerIdSchema.optional(),
});
/** R129: the answer to the offer `sfu:subscribe` gave for the same `id` and `feed`, which starts the media. */
export const sfuAnswerCommand = z.object({
  type: z.literal('sfu:answer'),
  id: videoIdSchema,
  feed: peerIdSchema.optional(),
  sdp: sdpSchema,
});

/** The ack of `sfu:publish` (the SFU's answer) and of `sfu:subscribe` (the SFU's offer). */
export const sfuDescriptionResultSchema = z.object({ sdp: z.string() });

/**
 * R129: a tab published the share `id`, or its media in the call (`feed`: its socket), at the SFU, to everyone in the
 * room: a tab that waits for it asks now, and one that received an earlier publication of it asks again.
 */
export const sfuPublishedEventSchema = z.object({
  roomId: z.string(),
  id: videoIdSchema,
  feed: peerIdSchema.optional(),
});
export type SfuPublishedEvent = z.infer<typeof sfuPublishedEventSchema>;
