import { isController } from '@xemchung/protocol';
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { useRoomSession } from '../room/roomSession.ts';
import { useRole } from '../room/useRole.ts';
import { useRoomState } from '../room/useRoomState.ts';
import { LoopControl } from './LoopControl.tsx';
import { OwnFileNotice } from './ownFile/OwnFileNotice.tsx';
import { ShareFileButton } from './ownFile/ShareFileButton.tsx';
import { useOwnFilePrefetch } from './ownFile/useOwnFilePrefetch.ts';
import { useOwnFileSwarmsLifetime } from './ownFile/useOwnFileSwarms.ts';
import { StartWaitNotice } from './StartWaitNotice.tsx';
import { ShareScreenButton } from './screenShare/ShareScreenButton.tsx';
import { ShareStage } from './screenShare/ShareStage.tsx';
import { useScreenShare } from './screenShare/useScreenShare.ts';
import { SubtitleButton } from './subtitles/SubtitleButton.tsx';
import { useSyncReport } from './useSyncReport.ts';
import { VideoStage } from './VideoStage.tsx';
import { VoteSkipButton } from './VoteSkipButton.tsx';

/**
 * The room's player area: the current video (one player per video: a new selection mounts a fresh one that starts
 * from the room's state; control granted or revoked (R55) changes the same one in place, so it stays in step), or a note while nothing is selected. From joining on, it reports how this viewer is doing (R53). It starts muted until the current video changes (R33), when the viewer
 * has most likely interacted with the page; if the browser still refuses sound, it goes back to muted. While someone
 * shares a screen, the shared picture takes the player's place (R126), and the player comes back where the room is
 * when the share ends.
 */
export function RoomPlayer() {
  const { t } = useTranslation();
  const controller = isController(useRole());
  const { client } = useRoomSession();
  const room = useRoomState();
  const statusReader = useSyncReport(client);
  useOwnFileSwarmsLifetime();
  useOwnFilePrefetch();
  const { session: screenShare, shown: shownShare } = useScreenShare(client);
  const currentId = room?.current_video.id ?? '';
  const playlist = room?.playlist;
  const index = playlist?.findIndex((video) => video.id === currentId) ?? -1;
  const video = index >= 0 ? playlist?.[index] : undefined;
  const [muted, setMuted] = useState(true);
  const [shownId, setShownId] = useState(currentId);
  if (currentId !== shownId) {
    setShownId(currentId);
    if (currentId !== '') setMuted(false);
  }

  return (
    <>
      <section
        aria-label={t('player.label')}
        className="relative aspect-video w-full overflow-hidden bg-black max-lg:max-h-[45dvh] sm:rounded-2xl sm:ring-1 sm:ring-white/10"
      >
        {shownShare ? (
          <ShareStage
            shown={shownShare}
            muted={muted}
            onMutedChange={setMuted}
            onStop={controller || shownShare.mine ? () => screenShare?.stop() : undefined}
          />
        ) : video ? (
          <VideoStage
            key={video.id}
            controller={controller}
            video={video}
            muted={muted}
            onMutedChange={setMuted}
            hasNext={playlist !== undefined && index < playlist.length - 1}
            statusReader={statusReader}
          />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 p-6 text-center">
            <p className="font-medium text-neutral-200">{t('player.empty')}</p>
            <p className="max-w-sm text-sm text-neutral-400">
              {controller ? t('player.emptyHostHint') : t('player.emptyGuestHint')}
            </p>
          </div>
        )}
      </section>
      <StartWaitNotice />
      {video?.file && <OwnFileNotice key={video.id} video={video} />}
      {/* One row of the player's tools, wrapping on a narrow screen. */}
      <div className="flex flex-wrap items-center gap-2 px-4 pt-2 sm:px-0">
        <VoteSkipButton />
        {video && <SubtitleButton video={video} />}
        <ShareFileButton />
        {controller && screenShare && !shownShare && <ShareScreenButton session={screenShare} />}
        {controller && <LoopControl />}
      </div>
    </>
  );
}
