import { URL_MAX } from './limits.ts';

/** What could end an HTML attribute or open a tag if a URL were ever written into markup unescaped. */
const MARKUP = /[<>"]/;

/**
 * The one spelling that every spelling of an http(s) URL maps to (R40), by the WHATWG URL parser that browsers
 * use: scheme and host lower-cased (international hosts in punycode), the default port dropped, `.` and `..`
 * segments resolved (`%2e` too), `\` read as `/`, and spaces, `<`, `>`, `"` and non-ASCII percent-encoded in
 * the path and query; then the `#fragment` and an empty `?` dropped, since neither reaches the server that
 * serves the file. Percent-escapes, the path's case and the query are kept as written: that server may tell
 * them apart.
 *
 * Null when the input is not an http(s) URL, when `"` survives (the parser keeps it in a host) or when the
 * canonical form is longer than URL_MAX (percent-encoding lengthens it; every stored URL must fit the schemas).
 */
export function canonicalHttpUrl(input: string | URL): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.hash = '';
  // `search` reads '' for both "no query" and a bare "?"; setting it drops the bare "?" from `href`.
  if (url.search === '') url.search = '';
  const canonical = url.href;
  return canonical.length > URL_MAX || MARKUP.test(canonical) ? null : canonical;
}
