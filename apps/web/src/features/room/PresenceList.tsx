import type { Viewer } from '@xemchung/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { usePresence } from './usePresence.ts';
import { useRoomState } from './useRoomState.ts';
import { ViewerRow } from './ViewerRow.tsx';
import { rankViewers } from './viewerOrder.ts';

export interface PresenceListProps {
  /** Controls for a viewer, placed at the end of their row (the host's co-host and moderation menu). */
  renderActions?: (viewer: Viewer) => ReactNode;
}

/**
 * 'Người xem': who is in the room now, on every node (docs/room-rules.md R52), host and co-hosts first, each
 * with how well they are in step (R53). Roles come from the room as the room client holds it.
 */
export function PresenceList({ renderActions }: PresenceListProps) {
  const { t } = useTranslation();
  const viewers = usePresence();
  const room = useRoomState();
  if (!room) return null;
  const ranked = rankViewers(viewers, room);
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p className="px-1 pb-2 text-sm text-neutral-400">{t('presence.count', { count: viewers.length })}</p>
      <ul
        aria-label={t('presence.viewers')}
        className="-mx-1 flex flex-col gap-0.5 min-h-0 overflow-y-auto overscroll-contain px-1 pb-1"
      >
        {ranked.map(({ viewer, role }) => (
          <ViewerRow key={viewer.key} viewer={viewer} role={role} actions={renderActions?.(viewer)} />
        ))}
      </ul>
    </div>
  );
}
