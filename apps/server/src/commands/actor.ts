/**
 * Who sent a command: the session uid from the handshake cookie (null for a guest), the person key (R51) and
 * the hashed client address. The state machine decides on it; rates and kicks bind it.
 */
export interface Actor {
  uid: string | null;
  key: string;
  address: string;
}
