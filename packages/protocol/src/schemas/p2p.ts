import { z } from 'zod';
import { P2P_CANDIDATE_MAX, P2P_SDP_MAX } from '../limits.ts';
import { peerIdSchema, videoIdSchema } from './room.ts';

// The signalling of own files (R113): viewers who want a playlist item's bytes and viewers who hold them find each
// other with `p2p:announce`, then pass WebRTC offers, answers and ICE candidates through the server with
// `p2p:signal`. The server relays them within the room and reads nothing in them but their sizes.

/** An offer or an answer (RTCSessionDescriptionInit without rollback, which never leaves a browser). */
export const sessionDescriptionSchema = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string().max(P2P_SDP_MAX),
});
export type SessionDescription = z.infer<typeof sessionDescriptionSchema>;

/** An ICE candidate (RTCIceCandidateInit); `candidate: ''` is the end of candidates. */
export const iceCandidateSchema = z.object({
  candidate: z.string().max(P2P_CANDIDATE_MAX),
  sdpMid: z.string().max(64).nullable(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable(),
  usernameFragment: z.string().max(256).nullable().optional(),
});
export type IceCandidate = z.infer<typeof iceCandidateSchema>;

/** "I want (`has` false) or can serve (`has` true) the bytes of the playlist item `itemId`" (R113). */
export const p2pAnnounceCommand = z.object({
  type: z.literal('p2p:announce'),
  itemId: videoIdSchema,
  has: z.boolean(),
});

/** What `p2p:signal` carries: exactly one of an offer or answer, or an ICE candidate. */
const signalBody = {
  itemId: videoIdSchema,
  description: sessionDescriptionSchema.optional(),
  candidate: iceCandidateSchema.optional(),
};
const oneSignal = (signal: { description?: unknown; candidate?: unknown }) =>
  (signal.description === undefined) !== (signal.candidate === undefined);
const ONE_SIGNAL = { message: 'send exactly one of description and candidate', path: ['description'] };

/** An offer, an answer or an ICE candidate for the socket `to` of the same room, about item `itemId` (R113). */
export const p2pSignalCommand = z
  .object({ type: z.literal('p2p:signal'), to: peerIdSchema, ...signalBody })
  .refine(oneSignal, ONE_SIGNAL);

/** `p2p:announce` as the others in the room get it, from the socket `from` (never to the sender). */
export const p2pAnnounceEventSchema = z.object({
  roomId: z.string(),
  from: peerIdSchema,
  itemId: videoIdSchema,
  has: z.boolean(),
});
export type P2pAnnounceEvent = z.infer<typeof p2pAnnounceEventSchema>;

/** `p2p:signal` as its target gets it, from the socket `from`. */
export const p2pSignalEventSchema = z
  .object({ roomId: z.string(), from: peerIdSchema, ...signalBody })
  .refine(oneSignal, ONE_SIGNAL);
export type P2pSignalEvent = z.infer<typeof p2pSignalEventSchema>;
