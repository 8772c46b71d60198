/**
 * A quiet poll without JSON: most polls of `GET /teams/{id}/checks` find every check passed, and
 * the poller then needs nothing else from the body. Parsing and decoding 50 checks was most of a quiet
 * poll's own CPU; finding the `"state"` members in the raw bytes is a fraction of it.
 */

/** What `Teams.checksUnlessAllPassed` answers when the body shows that no check failed. */
export const ALL_CHECKS_PASSED = "all-checks-passed" as const;

// Needles as bytes: Buffer#indexOf with a string encodes it on every call.
const STATE_KEY = Buffer.from('"state"');
const DATA_KEY = Buffer.from('"data"');
const ERRORS_KEY = Buffer.from('"errors"');
const ESCAPE = Buffer.from("\\u");

/**
 * True only when the raw body is plainly a JSON object with `data` in which every `"state"` member is the
 * number 1 (A5: 1 passed, -1 failed). Anything else is false, and the body is then parsed and decoded in
 * full (a failed check, any other number or spelling such as `1.0`, a `"state"` that is not a member, an
 * `errors` document, any `\u` escape, which could spell a key without these bytes, a byte order mark). So
 * a failed check is never missed; a body that is not what it seems costs a full decode, which reports it.
 * Read as bytes, not text: a quiet poll never turns its body into a string. Every byte looked
 * for is ASCII, and no byte of a multi-byte UTF-8 character is, so the bytes match where the text would.
 */
export function allChecksPassed(body: Buffer): boolean {
  const first = firstNonSpace(body);
  const last = lastNonSpace(body);
  if (first < 0 || body[first] !== 0x7b || body[last] !== 0x7d) return false;
  if (body.indexOf(DATA_KEY) < 0 || body.indexOf(ERRORS_KEY) >= 0 || body.indexOf(ESCAPE) >= 0) return false;
  for (let at = body.indexOf(STATE_KEY); at >= 0; at = body.indexOf(STATE_KEY, at + STATE_KEY.length)) {
    let i = skipSpace(body, at + STATE_KEY.length);
    if (body[i] !== 0x3a) return false; // ':'
    i = skipSpace(body, i + 1);
    if (body[i] !== 0x31) return false; // '1'
    const after = body[i + 1];
    // ',', '}', ']' or white space: the number is exactly 1 (not 10, 1.0, 1e0).
    if (!(after === 0x2c || after === 0x7d || after === 0x5d || isSpace(after))) return false;
  }
  return true;
}

function isSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function skipSpace(body: Buffer, from: number): number {
  let i = from;
  while (i < body.length && isSpace(body[i])) i++;
  return i;
}

function firstNonSpace(body: Buffer): number {
  const i = skipSpace(body, 0);
  return i < body.length ? i : -1;
}

function lastNonSpace(body: Buffer): number {
  let i = body.length - 1;
  while (i >= 0 && isSpace(body[i])) i--;
  return i;
}
