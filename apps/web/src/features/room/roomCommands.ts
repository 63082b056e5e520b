import {
  type AddVideoInput,
  ackFailure,
  type CommandAck,
  type CommandPayload,
  type LoopMode,
  type SettingsChange,
} from '@xemchung/protocol';
import type { RoomRequest } from './roomSocket.ts';

export interface PlaybackReport {
  /** The video the player has loaded; defaults to the current one we hold. */
  id?: string;
  playing: boolean;
  position: number;
  rate: number;
  /** The room version a heartbeat's re-anchor was made against (R93); absent on a report of a change. */
  version?: number;
}

/** What a viewer asks of the room (the permission table decides who may, R2), each with its typed ack. */
export interface RoomCommands {
  addVideo(video: AddVideoInput): Promise<CommandAck<'playlist:add'>>;
  /** Adds the videos of a YouTube playlist, which the server reads (R71, R72). */
  addList(listId: string): Promise<CommandAck<'playlist:addList'>>;
  /** Adds a file from this device, with this viewer as its sharer (R117). */
  addFile(file: CommandPayload<'playlist:addFile'>['file']): Promise<CommandAck<'playlist:addFile'>>;
  select(id: string): Promise<CommandAck<'playlist:select'>>;
  remove(id: string): Promise<CommandAck<'playlist:remove'>>;
  clearWatched(): Promise<CommandAck<'playlist:clearWatched'>>;
  /** Moves the item `id` to `toIndex`, refused if the room is no longer at `version` (R60). */
  move(id: string, toIndex: number, version: number): Promise<CommandAck<'playlist:move'>>;
  /** Puts the item `id` just after the one playing (R61). */
  playNext(id: string): Promise<CommandAck<'playlist:playNext'>>;
  /** Shuffles the waiting items (R62). */
  shuffle(): Promise<CommandAck<'playlist:shuffle'>>;
  /** What autoplay does at the end of an item (R63). */
  setLoop(mode: LoopMode): Promise<CommandAck<'room:loop'>>;
  /** Votes to skip the item `id` shown as playing, or takes the vote back (R65). */
  voteSkip(id: string, skip: boolean): Promise<CommandAck<'vote:skip'>>;
  updatePlayback(report: PlaybackReport): Promise<CommandAck<'playback:update'>>;
  ended(id: string): Promise<CommandAck<'playback:ended'>>;
  /** This page's player can play `id` at the start that waits until `startsAt` (R122). */
  playerReady(id: string, startsAt: number): Promise<CommandAck<'playback:ready'>>;
  /** Starts the waiting room now, whoever is still loading (controllers, R122). */
  startNow(id: string): Promise<CommandAck<'playback:start'>>;
  /** Removes every video but the one playing (host, R57). */
  clearQueue(): Promise<CommandAck<'playlist:clear'>>;
  /** Shares control with the signed-in user `uid` (host, R55). */
  grant(uid: string): Promise<CommandAck<'cohost:grant'>>;
  revoke(uid: string): Promise<CommandAck<'cohost:revoke'>>;
  /** Changes the settings named (host, R56). */
  changeSettings(change: SettingsChange): Promise<CommandAck<'room:settings'>>;
  /** Attaches the uploaded subtitle file `fileId` to the item `id` (R111). */
  addSubtitle(id: string, fileId: string, label: string): Promise<CommandAck<'subtitle:add'>>;
  removeSubtitle(id: string, fileId: string): Promise<CommandAck<'subtitle:remove'>>;
  /** Shifts every viewer's subtitles of the item `id` (controllers, R112). */
  shiftSubtitles(id: string, shiftMs: number): Promise<CommandAck<'subtitle:shift'>>;
  /** This tab starts sharing its screen with the room (controllers, R126). */
  startShare(): Promise<CommandAck<'share:start'>>;
  /** Ends the share `id` (its sharer, or a controller, R126). */
  stopShare(id: string): Promise<CommandAck<'share:stop'>>;
  /** This tab sends its media of the share or the call `id` to the SFU: `sdp` is its offer; the ack has the answer (R129). */
  sfuPublish(id: string, sdp: string): Promise<CommandAck<'sfu:publish'>>;
  /** Asks the SFU for the picture of the share `id`, or the call's tab `feed`; the ack has the SFU's offer (R129). */
  sfuSubscribe(id: string, asked?: { feed?: string }): Promise<CommandAck<'sfu:subscribe'>>;
  /** This tab's answer to that offer, which starts the media (R129). */
  sfuAnswer(id: string, sdp: string, asked?: { feed?: string }): Promise<CommandAck<'sfu:answer'>>;
  /** This tab joins the room's call, sending its microphone and/or camera (R127). */
  joinCall(audio: boolean, video: boolean): Promise<CommandAck<'call:join'>>;
  leaveCall(): Promise<CommandAck<'call:leave'>>;
  /** This tab turns its microphone or camera on or off for the call (R127). */
  updateCall(change: { audio?: boolean; video?: boolean }): Promise<CommandAck<'call:update'>>;
  /** Mutes the tab `peer` of the call for everyone (controllers, R127). */
  muteInCall(peer: string): Promise<CommandAck<'call:mute'>>;
  /** Puts every tab of the person with key `key` out for ten minutes (host, R58). */
  kick(key: string): Promise<CommandAck<'moderation:kick'>>;
  ban(uid: string): Promise<CommandAck<'moderation:ban'>>;
  unban(uid: string): Promise<CommandAck<'moderation:unban'>>;
  /** The room's bans, newest first (host, R59). */
  bans(): Promise<CommandAck<'moderation:bans'>>;
  /** The kicks still running, newest first (host, R107). */
  kicks(): Promise<CommandAck<'moderation:kicks'>>;
  /** Lets the person with key `key` back in before their kick ends, with the addresses it held (host, R107). */
  unkick(key: string): Promise<CommandAck<'moderation:unkick'>>;
}

/** The commands over `request`; a playback report names the video playing in the room held (`currentVideo`). */
export function roomCommands(request: RoomRequest, currentVideo: () => string | undefined): RoomCommands {
  return {
    addVideo: (video) => request('playlist:add', { video }),
    addList: (listId) => request('playlist:addList', { listId }),
    addFile: (file) => request('playlist:addFile', { file }),
    select: (id) => request('playlist:select', { id }),
    remove: (id) => request('playlist:remove', { id }),
    clearWatched: () => request('playlist:clearWatched', {}),
    move: (id, toIndex, version) => request('playlist:move', { id, toIndex, version }),
    playNext: (id) => request('playlist:playNext', { id }),
    shuffle: () => request('playlist:shuffle', {}),
    setLoop: (mode) => request('room:loop', { mode }),
    voteSkip: (id, skip) => request('vote:skip', { id, skip }),
    updatePlayback: async ({ id, playing, position, rate, version }) => {
      const videoId = id ?? currentVideo() ?? '';
      if (videoId === '') return ackFailure('version_conflict', 'Nothing is playing');
      return request('playback:update', { id: videoId, playing, position, rate, version });
    },
    ended: (id) => request('playback:ended', { id }),
    playerReady: (id, startsAt) => request('playback:ready', { id, startsAt }),
    startNow: (id) => request('playback:start', { id }),
    clearQueue: () => request('playlist:clear', {}),
    grant: (uid) => request('cohost:grant', { uid }),
    revoke: (uid) => request('cohost:revoke', { uid }),
    changeSettings: (settings) => request('room:settings', { settings }),
    addSubtitle: (id, fileId, label) => request('subtitle:add', { id, fileId, label }),
    removeSubtitle: (id, fileId) => request('subtitle:remove', { id, fileId }),
    shiftSubtitles: (id, shiftMs) => request('subtitle:shift', { id, shiftMs }),
    startShare: () => request('share:start', {}),
    stopShare: (id) => request('share:stop', { id }),
    sfuPublish: (id, sdp) => request('sfu:publish', { id, sdp }),
    sfuSubscribe: (id, asked = {}) => request('sfu:subscribe', { id, ...asked }),
    sfuAnswer: (id, sdp, asked = {}) => request('sfu:answer', { id, sdp, ...asked }),
    joinCall: (audio, video) => request('call:join', { audio, video }),
    leaveCall: () => request('call:leave', {}),
    updateCall: (change) => request('call:update', change),
    muteInCall: (peer) => request('call:mute', { peer }),
    kick: (key) => request('moderation:kick', { key }),
    ban: (uid) => request('moderation:ban', { uid }),
    unban: (uid) => request('moderation:unban', { uid }),
    bans: () => request('moderation:bans', {}),
    kicks: () => request('moderation:kicks', {}),
    unkick: (key) => request('moderation:unkick', { key }),
  };
}
