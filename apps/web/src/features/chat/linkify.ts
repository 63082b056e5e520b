/** A run of a chat message: plain text, or a link to open. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only links written out with their scheme: a bare "phim.mp4" or "xemchung.vn" stays text.
const LINK = /https?:\/\/[^\s<>"]+/giu;
// Punctuation that ends a sentence rather than the link ("xem https://a.vn/x." → the dot is not the link's).
const TRAILING = /[.,;:!?'»”’…]+$/u;

/** A link's end without closing brackets it did not open ("(xem https://vi.wikipedia.org/wiki/A_(B))"). */
function trimLink(candidate: string): string {
  let link = candidate.replace(TRAILING, '');
  for (const [open, close] of ['()', '[]', '{}']) {
    while (link.endsWith(close as string) && link.split(open as string).length < link.split(close as string).length) {
      link = link.slice(0, -1).replace(TRAILING, '');
    }
  }
  return link;
}

/** Splits a message into text and http(s) links, so links can be made clickable and nothing else can. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (part: TextPart) => {
    const previous = parts.at(-1);
    if (part.kind === 'text' && previous?.kind === 'text') previous.text += part.text;
    else if (part.text !== '') parts.push(part);
  };
  for (const match of text.matchAll(LINK)) {
    const link = trimLink(match[0]);
    let href: string | null = null;
    try {
      href = new URL(link).href;
    } catch {
      // not a URL after all ("http://" alone): left as text
    }
    push({ kind: 'text', text: text.slice(last, match.index) });
    push(href ? { kind: 'link', text: link, href } : { kind: 'text', text: link });
    last = match.index + link.length;
  }
  push({ kind: 'text', text: text.slice(last) });
  return parts;
}
