import { guestKey, userKey } from '@xemchung/protocol';
import type { Actor } from '../src/commands/actor.ts';

/** The actor of a signed-in `uid`, or of a guest (null) with guest id `guest`, from the hashed address `address`. */
export function actor(uid: string | null, { guest = 'GUEST00001', address = 'address-1' } = {}): Actor {
  return { uid, key: uid === null ? guestKey(guest) : userKey(uid), address };
}
