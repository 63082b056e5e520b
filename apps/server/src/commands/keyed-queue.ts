/**
 * Runs tasks one at a time per key, in arrival order. The server serialises each room's commands through it,
 * so a node never races itself for a room's version and broadcasts leave in commit order; the version check in
 * RoomStore still guards against other nodes.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have work queued or running. */
  get activeKeys(): number {
    return this.tails.size;
  }
}
