import { useTranslation } from '../../i18n/useTranslation.ts';
import type { PlayerProps } from './MediaPlayer.tsx';
import { RemoteTimeline } from './remoteTimeline.ts';
import {
  loadSoundCloudSdk,
  type SoundCloudProgress,
  type SoundCloudWidget,
  soundcloudWidgetUrl,
} from './soundcloudApi.ts';
import type { PlayerAdapter } from './types.ts';
import { useEmbeddedPlayer } from './useEmbeddedPlayer.ts';

/**
 * The adapter over the SoundCloud widget (R76): commands are fire-and-forget, positions come in milliseconds with its
 * events (PLAY_PROGRESS several times a second), kept in a RemoteTimeline. The widget has no speed and no mute, so
 * the rate stays 1 and muting sets the volume to 0 (and back to 100, or what the call's voices leave it, R128).
 */
function soundcloudAdapter(
  widget: SoundCloudWidget,
  timeline: RemoteTimeline,
  state: { muted: boolean; duration: number | null },
): PlayerAdapter {
  /** R128: the share of full volume the call's voices leave the track (1: none). */
  let ducked = 1;
  return {
    kind: 'soundcloud',
    currentTime: () => timeline.current(),
    duration: () => state.duration,
    paused: () => timeline.paused,
    rate: () => 1,
    play: () => {
      widget.play();
      return Promise.resolve();
    },
    pause: () => widget.pause(),
    seek: (seconds) => {
      timeline.seek(seconds);
      widget.seekTo(Math.round(seconds * 1000));
    },
    setRate: () => {},
    muted: () => state.muted,
    setMuted: (muted) => {
      state.muted = muted;
      widget.setVolume(muted ? 0 : Math.round(100 * ducked));
    },
    duck: (factor) => {
      ducked = Math.min(1, factor);
      if (!state.muted) widget.setVolume(Math.round(100 * ducked));
    },
  };
}

/** A SoundCloud track through the HTML5 Widget API, loaded on first use (R75); `url` is the track's permalink. */
export function SoundCloudPlayer({ url, controls, ...props }: PlayerProps & { url: string }) {
  const { t } = useTranslation();
  const title = t('player.soundcloudFrame');
  const host = useEmbeddedPlayer(
    props,
    loadSoundCloudSdk,
    (SC, { container, emit, gone, ready, onDispose }) => {
      const frame = document.createElement('iframe');
      frame.src = soundcloudWidgetUrl(url, controls);
      frame.title = title;
      frame.allow = 'autoplay';
      frame.className = 'size-full border-0';
      // A follower's widget follows the room: its own buttons would only be undone on the next tick.
      if (!controls) frame.style.pointerEvents = 'none';
      container.append(frame);
      const widget = SC.Widget(frame);
      onDispose(() => widget.pause());
      const { Events } = SC.Widget;
      const timeline = new RemoteTimeline();
      const state = { muted: true, duration: null as number | null };
      const seconds = (data?: SoundCloudProgress) =>
        data && Number.isFinite(data.currentPosition) ? data.currentPosition / 1000 : undefined;
      const bind = (name: string, listener: (data?: SoundCloudProgress) => void) => {
        const event = Events[name];
        if (event) widget.bind(event, listener);
      };
      bind('PLAY_PROGRESS', (data) => timeline.report(seconds(data) ?? Number.NaN));
      bind('PLAY', (data) => {
        timeline.setPlaying(true, seconds(data));
        emit('play');
        emit('playing');
      });
      bind('PAUSE', (data) => {
        timeline.setPlaying(false, seconds(data));
        emit('pause');
      });
      bind('SEEK', (data) => {
        timeline.seeked(seconds(data));
        emit('seeked');
      });
      bind('FINISH', () => {
        timeline.setPlaying(false);
        emit('ended');
      });
      bind('ERROR', () => emit('error'));
      bind('READY', () => {
        // Muted until the room wants sound (R33), as the other players start.
        widget.setVolume(0);
        widget.getDuration((milliseconds) => {
          if (gone()) return;
          state.duration = milliseconds > 0 ? milliseconds / 1000 : null;
          ready(soundcloudAdapter(widget, timeline, state));
        });
      });
    },
    [url, controls],
  );

  return <div ref={host} className="size-full bg-neutral-950" />;
}
