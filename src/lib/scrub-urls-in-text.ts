import { publicAddress } from "./public-address";

/**
 * A URL inside free text: `scheme://` and everything up to the next whitespace. Whitespace is the only end,
 * erring on the side of hiding: a password may hold quotes, brackets or `|`, so no other character ends it.
 */
const URL_IN_TEXT = /[a-z][a-z0-9+.-]*:\/\/\S*/gi;
/** Closing punctuation after a URL (`(see https://x/y?k=1).`) belongs to the sentence: kept as written. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * Free text from the API (an incident's reason, a check's error, a service failure) as Slack may show it:
 * each URL in it loses its user info, query and fragment, as a target does (publicAddress, docs/architecture.md
 * section 1), since the checker's message may quote the URL it called (`GET https://user:pass@host/?key=...`).
 * A URL with no `@`, `?` or `#` has none of them and is left exactly as written. Pure and total.
 */
export function scrubUrlsInText(text: string): string {
  return text.replace(URL_IN_TEXT, (token) => {
    const trailing = TRAILING.exec(token)?.[0] ?? "";
    const url = token.slice(0, token.length - trailing.length);
    if (!/[@?#]/.test(url)) return token;
    return `${publicAddress(url)}${trailing}`;
  });
}

/** Every string inside a JSON value of unknown shape, scrubbed as `scrubUrlsInText` does; the rest kept. */
export function scrubStrings(value: unknown): unknown {
  if (typeof value === "string") return scrubUrlsInText(value);
  if (Array.isArray(value)) return value.map(scrubStrings);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubStrings(v)]));
  }
  return value;
}
