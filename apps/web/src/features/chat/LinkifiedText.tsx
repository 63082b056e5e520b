import { splitLinks } from './linkify.ts';

/**
 * A message as text only (React escapes it), with its http(s) links clickable: in a new tab, without telling the
 * site where the click came from, and marked as user content for search engines.
 */
export function LinkifiedText({ text }: { text: string }) {
  return splitLinks(text).map((part, index) =>
    part.kind === 'link' ? (
      <a
        // The parts of one message never move, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="break-all text-violet-300 underline decoration-violet-300/40 underline-offset-2 hover:decoration-violet-300"
      >
        {part.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <span key={index}>{part.text}</span>
    ),
  );
}
