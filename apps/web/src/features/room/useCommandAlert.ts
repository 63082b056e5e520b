import { type ErrorCode, PLAYLIST_MAX, type ProtocolError } from '@xemchung/protocol';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlert } from '../../components/alertContext.ts';

type CommandErrorKey =
  | 'room.errors.duplicate'
  | 'room.errors.playlistFull'
  | 'room.errors.rateLimited'
  | 'room.errors.unavailable'
  | 'room.errors.invalid'
  | 'room.errors.forbidden'
  | 'room.errors.videoGone'
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
};

/** Tells the user, in their language, why a room command was refused. */
export function useCommandAlert(): (error: ProtocolError) => void {
  const { t } = useTranslation();
  const alert = useAlert();
  return useCallback(
    (error) => alert(t(MESSAGES[error.code] ?? 'room.errors.failed', { max: PLAYLIST_MAX })),
    [alert, t],
  );
}
