import { COHOSTS_MAX, type ErrorCode, PLAYLIST_MAX, type ProtocolError } from '@xemchung/protocol';
import { useCallback } from 'react';
import { useAlert } from '../../components/alertContext.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomState } from './useRoomState.ts';

type CommandErrorKey =
  | 'room.errors.duplicate'
  | 'room.errors.playlistFull'
  | 'room.errors.rateLimited'
  | 'room.errors.unavailable'
  | 'room.errors.invalid'
  | 'room.errors.forbidden'
  | 'room.errors.videoGone'
  | 'room.errors.capReached'
  | 'room.errors.addSignedIn'
  | 'room.errors.addControllers'
  | 'room.errors.invalidTarget'
  | 'room.errors.userNotFound'
  | 'room.errors.cohostsFull'
  | 'room.errors.playlistChanged'
  | 'room.errors.invalidIndex'
  | 'room.errors.votingOff'
  | 'room.errors.nothingPlaying'
  | 'room.errors.listUnavailable'
  | 'room.errors.listEmpty'
  | 'room.errors.listLookupFailed'
  | 'room.errors.failed';

/** The text for each way a room command can be refused (docs/protocol.md, Error codes). */
const MESSAGES: Partial<Record<ErrorCode, CommandErrorKey>> = {
  duplicate_video: 'room.errors.duplicate',
  playlist_full: 'room.errors.playlistFull',
  rate_limited: 'room.errors.rateLimited',
  unavailable: 'room.errors.unavailable',
  not_joined: 'room.errors.unavailable',
  invalid_payload: 'room.errors.invalid',
  forbidden: 'room.errors.forbidden',
  video_not_found: 'room.errors.videoGone',
  cap_reached: 'room.errors.capReached',
  invalid_target: 'room.errors.invalidTarget',
  user_not_found: 'room.errors.userNotFound',
  cohosts_full: 'room.errors.cohostsFull',
  version_conflict: 'room.errors.playlistChanged',
  invalid_index: 'room.errors.invalidIndex',
  voting_off: 'room.errors.votingOff',
  nothing_playing: 'room.errors.nothingPlaying',
  playlist_unavailable: 'room.errors.listUnavailable',
  playlist_empty: 'room.errors.listEmpty',
  playlist_lookup_failed: 'room.errors.listLookupFailed',
};

/** Tells the user, in their language, why a room command was refused. */
export function useCommandAlert(): (error: ProtocolError) => void {
  const { t } = useTranslation();
  const alert = useAlert();
  const settings = useRoomState()?.settings;
  return useCallback(
    (error) => {
      // Refused by the room's add policy (R56): say which viewers the host lets add.
      const key =
        error.code === 'adding_restricted'
          ? settings?.addPolicy === 'controllers'
            ? 'room.errors.addControllers'
            : 'room.errors.addSignedIn'
          : (MESSAGES[error.code] ?? 'room.errors.failed');
      alert(
        t(key, { max: key === 'room.errors.cohostsFull' ? COHOSTS_MAX : PLAYLIST_MAX, cap: settings?.perPersonCap }),
      );
    },
    [alert, t, settings],
  );
}
