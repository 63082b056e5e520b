/** How a fake player SDK behaves (apps/web/src/test/fakePlayers): what it plays and how slow its messages are. */
export interface FakeSdkOptions {
  /** The media file the fake's real <video>/<audio> plays, whatever video the page asked for. */
  mediaUrl: string;
  /** A command's round trip through the fake "iframe" (ms): half to get there, half for the answer; events take half. */
  delayMs: number;
}
