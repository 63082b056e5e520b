import { roleOf } from '@xemchung/protocol';
import { useEffect, useRef, useState } from 'react';
import { CallStrip } from '../../features/call/CallStrip.tsx';
import { ChatPanel } from '../../features/chat/ChatPanel.tsx';
import { useUnreadChat } from '../../features/chat/useUnreadChat.ts';
import { RoomSettingsButton } from '../../features/moderation/RoomSettingsButton.tsx';
import { ViewerActions } from '../../features/moderation/ViewerActions.tsx';
import { PlaylistPanel } from '../../features/room/PlaylistPanel.tsx';
import { PresenceList } from '../../features/room/PresenceList.tsx';
import { useRoomSession } from '../../features/room/roomSession.ts';
import { ShareDialog } from '../../features/room/ShareDialog.tsx';
import { SidePanelTabs } from '../../features/room/SidePanelTabs.tsx';
import { usePresence } from '../../features/room/usePresence.ts';
import { useRole } from '../../features/room/useRole.ts';
import { useRoomState } from '../../features/room/useRoomState.ts';
import { useTranslation } from '../../i18n/useTranslation.ts';

const ROLE_LINE = { host: 'room.youAreHost', cohost: 'room.youAreCohost', member: 'room.followingHost' } as const;

/**
 * The side panel (docs/product.md#side-panel): the room name (uppercase, truncated), the viewer's part in the room,
 * the share-link button, the host's settings (R56), and tabs for the playlist, the chat with its unread count (R54)
 * and the people in the room with their count (R52), whose rows carry the host's menu (R55, R58, R59).
 */
export function SidePanel() {
  const { t } = useTranslation();
  const name = useRoomState()?.name ?? '';
  const role = useRole();
  const room = useRoomState();
  const { client } = useRoomSession();
  const viewers = usePresence();
  const [tab, setTab] = useState('playlist');
  const unread = useUnreadChat(tab === 'chat');
  const [sharing, setSharing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Arriving in the room (the panel mounts once joined): focus on its name, where a screen reader starts reading.
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  const select = (id: string) => {
    setTab(id);
    client.setPresenceOpen(id === 'viewers');
  };

  return (
    <aside
      aria-label={t('room.details')}
      className="group/side flex min-h-0 w-full flex-1 flex-col gap-3 sm:rounded-2xl sm:border sm:border-white/10 sm:bg-neutral-900/60 sm:p-4 lg:sticky lg:top-18 lg:max-h-[calc(100dvh-5.5rem)] lg:w-[25rem] lg:flex-none lg:shrink-0 lg:gap-4"
    >
      {/* On a phone, while the message box has the focus (the keyboard is up), the header steps aside for the chat. */}
      <div className="flex items-start gap-3 max-lg:group-has-[textarea:focus]/side:hidden">
        <div className="min-w-0 flex-1">
          <h1
            ref={heading}
            tabIndex={-1}
            // Whole on a phone, where there is no hover to read the title: it wraps; beside the player, one line.
            className="rounded-sm text-lg font-bold tracking-wide break-words text-white uppercase lg:truncate"
            title={name}
          >
            {name}
          </h1>
          <p className="mt-0.5 text-xs text-neutral-400">{t(role === 'guest' ? ROLE_LINE.member : ROLE_LINE[role])}</p>
        </div>
        <RoomSettingsButton />
        <button
          type="button"
          onClick={() => setSharing(true)}
          aria-label={t('room.shareTitle')}
          aria-haspopup="dialog"
          className="flex min-h-10 shrink-0 items-center gap-2 rounded-full border border-white/15 px-4 text-sm font-medium text-neutral-100 hover:border-violet-400 hover:bg-violet-500/10 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          <svg
            className="size-4"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden="true"
          >
            <path
              d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t('room.share')}
        </button>
      </div>
      <CallStrip />
      <SidePanelTabs
        label={t('presence.tabs')}
        onSelect={select}
        tabs={[
          { id: 'playlist', label: t('room.playlist'), panel: <PlaylistPanel /> },
          {
            id: 'chat',
            label: t('chat.title'),
            ...(unread > 0 ? { count: unread, countLabel: t('chat.unreadCount', { count: unread }) } : {}),
            panel: <ChatPanel className="min-h-0 flex-1" />,
          },
          {
            id: 'viewers',
            label: t('presence.viewers'),
            count: viewers.length,
            countLabel: t('presence.count', { count: viewers.length }),
            panel: (
              <PresenceList
                renderActions={(viewer) => room && <ViewerActions viewer={viewer} role={roleOf(room, viewer.uid)} />}
              />
            ),
          },
        ]}
      />
      <ShareDialog open={sharing} onClose={() => setSharing(false)} url={window.location.href} />
    </aside>
  );
}
