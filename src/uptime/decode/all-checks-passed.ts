/**
 * A quiet poll without JSON (issue 13): most polls of `GET /teams/{id}/checks` find every check passed, and
 * the poller then needs nothing else from the body. Parsing and decoding 50 checks was most of a quiet
 * poll's own CPU; finding the `"state"` members in the raw text is a fraction of it.
 */

/** What `Teams.checksUnlessAllPassed` answers when the body shows that no check failed. */
export const ALL_CHECKS_PASSED = "all-checks-passed" as const;

const STATE_KEY = '"state"';

/**
 * True only when the raw body is plainly a JSON object with `data` in which every `"state"` member is the
 * number 1 (A5: 1 passed, -1 failed). Anything else is false, and the body is then parsed and decoded in
 * full (a failed check, any other number or spelling such as `1.0`, a `"state"` that is not a member, an
 * `errors` document, any `\u` escape, which could spell a key without these bytes). So a failed check is
 * never missed; a body that is not what it seems costs a full decode, which reports it.
 */
export function allChecksPassed(text: string): boolean {
  const first = firstNonSpace(text);
  const last = lastNonSpace(text);
  if (first < 0 || text.charCodeAt(first) !== 0x7b || text.charCodeAt(last) !== 0x7d) return false;
  if (!text.includes('"data"') || text.includes('"errors"') || text.includes("\\u")) return false;
  for (let at = text.indexOf(STATE_KEY); at >= 0; at = text.indexOf(STATE_KEY, at + STATE_KEY.length)) {
    let i = skipSpace(text, at + STATE_KEY.length);
    if (text.charCodeAt(i) !== 0x3a) return false; // ':'
    i = skipSpace(text, i + 1);
    if (text.charCodeAt(i) !== 0x31) return false; // '1'
    const after = text.charCodeAt(i + 1);
    // ',', '}', ']' or white space: the number is exactly 1 (not 10, 1.0, 1e0).
    if (!(after === 0x2c || after === 0x7d || after === 0x5d || isSpace(after))) return false;
  }
  return true;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i;
}

function firstNonSpace(text: string): number {
  const i = skipSpace(text, 0);
  return i < text.length ? i : -1;
}

function lastNonSpace(text: string): number {
  let i = text.length - 1;
  while (i >= 0 && isSpace(text.charCodeAt(i))) i--;
  return i;
}
