import { randomBytes, randomInt } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

// One getrandom call per 4 KiB instead of one per id: every slash command the sender makes takes a
// trigger_id and a response_url, and the commands benchmark sends thousands from a process that shares
// the cores with the app it measures. (Node's randomInt keeps such a cache already; randomBytes does not.)
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

function pooledRandomHex(bytes: number): string {
  if (bytes > POOL_SIZE) return randomBytes(bytes).toString("hex");
  if (offset + bytes > pool.length) {
    pool = randomBytes(POOL_SIZE);
    offset = 0;
  }
  offset += bytes;
  return pool.toString("hex", offset - bytes, offset);
}

/** Slack-looking id: one prefix letter (C, D, G, V, F, S...) and ten upper-case alphanumerics. */
export function slackId(prefix: string, length = 10): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Slack's trigger_id format: "12345.98765.abcd2358fdea". */
export function triggerId(nowMs: number): string {
  return `${Math.floor(nowMs / 1000)}.${randomInt(1e9, 1e10)}.${pooledRandomHex(16)}`;
}

/** View hash as Slack returns it: "1569362015.55b5e41b". */
export function viewHash(nowMs: number): string {
  return `${Math.floor(nowMs / 1000)}.${pooledRandomHex(4)}`;
}

export function randomHex(bytes: number): string {
  return pooledRandomHex(bytes);
}
