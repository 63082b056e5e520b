/** How long a seek may go unconfirmed before the player's own reports count again (ms). */
export const SEEK_CONFIRM_TIMEOUT_MS = 2000;

/**
 * What an embedded player (Vimeo, Dailymotion, SoundCloud) is doing, kept on our side of its iframe. Their SDKs
 * answer questions asynchronously (a promise or a callback over postMessage), but the room asks for the position
 * synchronously on every tick (PlayerAdapter), so the adapter keeps this model instead: the last position the
 * player reported (its time events, a few per second) and when, advanced at the rate while playing (R76). A
 * report is the player's position when it was sent, so the model trails by the message's transit time (a few
 * ms in one browser). Between a seek we asked for and the player's word that it happened, reports still in
 * flight carry the old position: they are ignored, so a controller does not report a jump back that never was.
 */
export class RemoteTimeline {
  private position = 0;
  private at: number;
  private playing = false;
  private speed = 1;
  private seekingSince: number | null = null;
  private readonly now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.now = now;
    this.at = now();
  }

  /** The position now, in seconds of media. */
  current(): number {
    if (!this.playing) return this.position;
    return this.position + ((this.now() - this.at) / 1000) * this.speed;
  }

  get paused(): boolean {
    return !this.playing;
  }

  get rate(): number {
    return this.speed;
  }

  /** The player said where it is (a time event); ignored while a seek we asked for is unconfirmed. */
  report(seconds: number): void {
    if (!Number.isFinite(seconds)) return;
    if (this.seekingSince !== null && this.now() - this.seekingSince < SEEK_CONFIRM_TIMEOUT_MS) return;
    this.seekingSince = null;
    this.moveTo(seconds);
  }

  /** We asked the player to seek: the model goes there at once, and waits for `seeked` to trust reports again. */
  seek(seconds: number): void {
    this.seekingSince = this.now();
    this.moveTo(seconds);
  }

  /** The player says its seek is done, at `seconds` when it says so. */
  seeked(seconds?: number): void {
    this.seekingSince = null;
    if (seconds !== undefined) this.moveTo(seconds);
  }

  /** Playing or paused, from the player's events or our own command (the position carries on from here). */
  setPlaying(playing: boolean, seconds?: number): void {
    this.moveTo(seconds !== undefined && this.seekingSince === null ? seconds : this.current());
    this.playing = playing;
  }

  setRate(rate: number): void {
    this.moveTo(this.current());
    this.speed = rate;
  }

  private moveTo(seconds: number) {
    this.position = Math.max(0, seconds);
    this.at = this.now();
  }
}
