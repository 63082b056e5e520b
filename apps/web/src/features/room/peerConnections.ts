import type { PeerSignalPayload, PeerSignals } from './peerSignals.ts';

// What every WebRTC connection of the room needs beside R113's signalling (the screen share R126, the call R127).

/** The signalling a connection uses: sending to one peer and hearing from the others. */
export type PeerSignalsLink = Pick<PeerSignals, 'signal' | 'onSignal'>;

/** The end of candidates, as R113 carries it. */
const END_OF_CANDIDATES: RTCIceCandidateInit = { candidate: '', sdpMid: null, sdpMLineIndex: null };

/**
 * Sends this connection's ICE candidates to `to` (about `topic`, R113's `itemId`) as they are found, then the end of
 * them. Called in the same turn as the description is sent, after it: candidates are found from setLocalDescription on
 * but reach listeners in later tasks, so none is lost and none travels before its description (R113 keeps one
 * socket's signals in order).
 */
export function trickle(connection: RTCPeerConnection, signals: PeerSignalsLink, to: string, topic: string): void {
  connection.onicecandidate = ({ candidate }) => {
    const init = candidate ? candidate.toJSON() : END_OF_CANDIDATES;
    signals.signal(to, topic, {
      candidate: {
        candidate: init.candidate ?? '',
        sdpMid: init.sdpMid ?? null,
        sdpMLineIndex: init.sdpMLineIndex ?? null,
        usernameFragment: init.usernameFragment ?? null,
      },
    });
  };
}

/** A candidate heard from the other side; the end of candidates needs nothing done. */
export async function addCandidate(
  connection: RTCPeerConnection,
  candidate: PeerSignalPayload['candidate'],
): Promise<void> {
  if (!candidate?.candidate) return;
  await connection.addIceCandidate(candidate);
}
