/**
 * A media element for the fake player SDKs under jsdom, which cannot play: a real <video>/<audio> whose clock the
 * test moves (`advance`), firing the events a browser would. Install it with `useScriptedMedia()`: the fakes then
 * create this instead of a native element.
 */
export interface ScriptedMedia extends HTMLVideoElement {
  /** Moves the media clock by `seconds` of media if playing, firing timeupdate. */
  advance(seconds: number): void;
  /** The next play() is refused as a browser refuses sound without a user gesture. */
  refuseNextPlay: boolean;
}

export function scriptedMedia(kind: 'video' | 'audio'): ScriptedMedia {
  const media = document.createElement(kind) as unknown as ScriptedMedia;
  let time = 0;
  let paused = true;
  let rate = 1;
  const fire = (type: string) => media.dispatchEvent(new Event(type));
  Object.defineProperties(media, {
    readyState: { get: () => 4 },
    duration: { get: () => 120 },
    paused: { get: () => paused },
    currentTime: {
      get: () => time,
      set: (seconds: number) => {
        time = seconds;
        fire('seeking');
        setTimeout(() => fire('seeked'), 5);
      },
    },
    playbackRate: {
      get: () => rate,
      set: (value: number) => {
        rate = value;
        fire('ratechange');
      },
    },
  });
  media.refuseNextPlay = false;
  media.play = () => {
    if (media.refuseNextPlay) {
      media.refuseNextPlay = false;
      return Promise.reject(new DOMException('play() needs a user gesture', 'NotAllowedError'));
    }
    if (paused) {
      paused = false;
      fire('play');
      fire('playing');
    }
    return Promise.resolve();
  };
  media.pause = () => {
    if (paused) return;
    paused = true;
    fire('pause');
  };
  media.advance = (seconds: number) => {
    if (paused) return;
    time += seconds * rate;
    fire('timeupdate');
  };
  return media;
}

type MediaWindow = Window & { __fakePlayerMedia?: (kind: 'video' | 'audio') => HTMLMediaElement };

/** Makes the fake SDKs use scripted media; returns every element they made, and a function to undo it. */
export function useScriptedMedia(): { made: ScriptedMedia[]; restore: () => void } {
  const made: ScriptedMedia[] = [];
  (window as MediaWindow).__fakePlayerMedia = (kind) => {
    const media = scriptedMedia(kind);
    made.push(media);
    return media;
  };
  return { made, restore: () => delete (window as MediaWindow).__fakePlayerMedia };
}
