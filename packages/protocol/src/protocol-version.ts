/**
 * Bumped on any incompatible change to a message (schemas/). Clients send it in the Socket.IO handshake
 * (`auth: {protocol: PROTOCOL_VERSION}`); the server refuses other versions with `protocol_mismatch`.
 */
export const PROTOCOL_VERSION = 1;
