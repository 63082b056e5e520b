import { type ReactNode, useState } from 'react';

export interface VideoThumbnailProps {
  src: string;
  /** Shown in the frame when there is no picture or it does not load (a blocked host, a removed video). */
  fallback?: ReactNode;
}

/**
 * A video's picture in a small 16:9 frame, as playlist rows and search results show it. A picture that fails
 * to load is hidden, not removed (it keeps its source, and is not asked for again), and the fallback shows.
 */
export function VideoThumbnail({ src, fallback = null }: VideoThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src === '' || failedSrc === src;
  return (
    <span className="aspect-video w-24 shrink-0 overflow-hidden rounded-md bg-neutral-800">
      {src !== '' && (
        <img
          src={src}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          hidden={failed}
          onError={() => setFailedSrc(src)}
          className="size-full object-cover"
        />
      )}
      {failed && fallback}
    </span>
  );
}
