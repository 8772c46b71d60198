/** `scheme://` at the start: only then is the text read as a URL (`db.example.com:5432` is host:port). */
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A monitor's target as Slack may show it (docs/architecture.md section 1): without user info, query or fragment, since
 * URLs can hold secrets (`https://user:pass@host/health?key=...#x` -> `https://host/health`). Pure and total.
 *
 * A URL is read the way the WHATWG URL parser (and so the API's checker) reads it, so what counts as user
 * info is what a request would send as credentials. Text that parser refuses is cut by hand, erring on the
 * side of hiding: everything up to the last `@` goes (it may be a password holding `/`, `?` or `#`), then
 * everything from the first `?` or `#`.
 */
export function publicAddress(raw: string): string {
  const text = raw.trim();
  if (SCHEME.test(text)) {
    const parsed = parseUrl(text);
    if (parsed) return parsed;
  }
  const scheme = SCHEME.exec(text)?.[0] ?? "";
  let rest = text.slice(scheme.length);
  const at = rest.lastIndexOf("@");
  if (at >= 0) rest = rest.slice(at + 1);
  const end = rest.search(/[?#]/);
  if (end >= 0) rest = rest.slice(0, end);
  const cut = `${scheme}${rest}`.trim();
  // What is left may now parse (the refused part is gone): read it the same way, so the result is stable.
  return (scheme && parseUrl(cut)) || cut;
}

function parseUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  // The parser keeps user info, `?` and `#` out of host and path. It adds "/" to a URL without a path:
  // shown only when it was typed, so a target reads as entered.
  const typedRoot = /^[^?#]*:\/\/[^/?#]*\/(?:[?#]|$)/.test(text);
  const path = url.pathname === "/" && !typedRoot ? "" : url.pathname;
  return `${url.protocol}//${url.host}${path}`;
}
