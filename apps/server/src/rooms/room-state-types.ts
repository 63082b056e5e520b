import type { ErrorCode, Person, ProtocolError, RoomSnapshot } from '@xemchung/protocol';

// The state machine's types, apart from room-state.ts so that room-adds.ts, a part of the machine that
// room-state.ts runs, can name them without importing room-state.ts back.

/** Who added a playlist item (R56): their person key, and for a guest the hashed address it came from. */
export interface Adder {
  key: string;
  address: string | null;
}

/**
 * A room's state as the machine sees it: the room clients see, less the commit `version` (the store's business),
 * plus who added each playlist item, by video id. `adders` never leaves the server (`publicRoom`).
 */
export type RoomState = Omit<RoomSnapshot, 'version'> & {
  adders: Readonly<Record<string, Adder>>;
  /** The hashed address each guest's skip vote came from, by person key (R101); absent when no guest voted. */
  voterAddresses?: Readonly<Record<string, string>>;
};

/**
 * The result of a command: the next state, or why nothing changed. When the command is valid but has nothing
 * to change (autoplay at the end of the playlist, clearing with nothing watched) `state` is the input object
 * itself, so callers can skip the commit.
 */
export type Transition = { state: RoomState } | { error: ProtocolError };

/** A command refused with `code` and `message`: the state machine's one way to say no. */
export const refuse = (code: ErrorCode, message: string): Transition => ({ error: { code, message } });

/** The tab a share or call command came from (R126, R127): its socket, which the others connect to, and who they see. */
export interface RoomTab {
  peer: string;
  person: Person;
}
