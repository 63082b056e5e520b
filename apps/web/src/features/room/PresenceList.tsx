import type { Viewer } from '@xemchung/protocol';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useFocusAfterRemoval } from './useFocusAfterRemoval.ts';
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
  const ranked = room ? rankViewers(viewers, room) : [];
  // A row that goes (a kick, a ban, someone leaving) hands the focus to the same button of the next row, or to
  // the count once no row has one; a row that moves (control granted) keeps it.
  const rowFocus = useFocusAfterRemoval<HTMLUListElement, HTMLParagraphElement>(ranked.map(({ viewer }) => viewer.key));
  if (!room) return null;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <p ref={rowFocus.fallback} tabIndex={-1} className="rounded-sm px-1 pb-2 text-sm text-neutral-400">
        {t('presence.count', { count: viewers.length })}
      </p>
      <ul
        ref={rowFocus.list}
        onFocus={rowFocus.onFocus}
        onBlur={rowFocus.onBlur}
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
