/**
 * Secrets removed from every log line, whatever wrote it (docs/architecture.md section 7): the logger runs
 * each serialized line through redactSecrets, so a message, any field at any depth, an error's message or
 * stack, and the Slack SDK's own lines are all covered, in whatever words a library chose. Two nets:
 * - the shapes of Slack's tokens (bot, user, refresh, config `xox?-`, app-level `xapp-`, workflow `xwfp-`);
 * - every secret this process knows by value: the bot's own settings, and each API token it encrypted or
 *   decrypted (registerLogSecret), since the Uptime API's tokens have no shape of their own.
 */

export const REDACTED = "[redacted]";

/** `xoxb-`, `xoxp-`, `xoxe.xoxp-1-...`, `xapp-1-...`, `xwfp-...`: a prefix, a dash, then the token's own characters. */
const TOKEN_SHAPE = /(?:xox[a-z](?:\.xox[a-z])?|xapp|xwfp)-[A-Za-z0-9-]+/g;

/** Shorter values are not looked for: they would cut ordinary words out of the log. */
export const MIN_SECRET_LENGTH = 8;
/** Most values remembered; the oldest is forgotten past it (a process of many thousands of people). */
const MAX_SECRETS = 50_000;
const KEY_LENGTH = 4;

/** Insertion order, for forgetting the oldest. */
const secrets = new Set<string>();
/** Values by a hash of their first KEY_LENGTH characters, longest first within a bucket. */
const buckets = new Map<number, string[]>();

function keyAt(text: string, at: number): number {
  let hash = 0;
  for (let i = 0; i < KEY_LENGTH; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(at + i)) | 0;
  return hash;
}

function add(value: string): void {
  if (value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
  secrets.add(value);
  const key = keyAt(value, 0);
  const bucket = buckets.get(key) ?? [];
  bucket.push(value);
  bucket.sort((a, b) => b.length - a.length);
  buckets.set(key, bucket);
  if (secrets.size > MAX_SECRETS) {
    const oldest = secrets.values().next().value as string;
    secrets.delete(oldest);
    const old = buckets.get(keyAt(oldest, 0));
    old?.splice(old.indexOf(oldest), 1);
  }
}

/**
 * Remembers a secret for the rest of the process (an API token when it is sealed or opened, the bot's
 * tokens at start-up). Its JSON-escaped form too: a log line is JSON.
 */
export function registerLogSecret(value: string | undefined | null): void {
  if (!value) return;
  add(value);
  const escaped = JSON.stringify(value).slice(1, -1);
  if (escaped !== value) add(escaped);
}

/** The line with every token shape and every registered secret replaced by [redacted]. */
export function redactSecrets(line: string): string {
  const shaped = line.replace(TOKEN_SHAPE, REDACTED);
  return secrets.size === 0 ? shaped : withoutKnown(shaped);
}

function withoutKnown(line: string): string {
  let out = "";
  let from = 0;
  const last = line.length - MIN_SECRET_LENGTH;
  for (let i = 0; i <= last; i++) {
    const bucket = buckets.get(keyAt(line, i));
    if (!bucket) continue;
    const hit = bucket.find((secret) => line.startsWith(secret, i));
    if (!hit) continue;
    out += line.slice(from, i) + REDACTED;
    from = i + hit.length;
    i = from - 1;
  }
  return from === 0 ? line : out + line.slice(from);
}

/** Forgets every registered secret (tests). */
export function clearLogSecrets(): void {
  secrets.clear();
  buckets.clear();
}
