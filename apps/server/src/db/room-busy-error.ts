/** Thrown when every attempt lost the race to other writers (for the room's version, or a chat seq). */
export class RoomBusyError extends Error {
  constructor(roomId: string, attempts: number) {
    super(`Room ${roomId}: lost to other writers on ${attempts} attempts`);
    this.name = 'RoomBusyError';
  }
}
