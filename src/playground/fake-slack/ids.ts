import { randomBytes, randomInt } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Slack-looking id: one prefix letter (C, D, G, V, F, S...) and ten upper-case alphanumerics. */
export function slackId(prefix: string, length = 10): string {
  let out = prefix;
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** Slack's trigger_id format: "12345.98765.abcd2358fdea". */
export function triggerId(nowMs: number): string {
  return `${Math.floor(nowMs / 1000)}.${randomInt(1e9, 1e10)}.${randomBytes(16).toString("hex")}`;
}

/** View hash as Slack returns it: "1569362015.55b5e41b". */
export function viewHash(nowMs: number): string {
  return `${Math.floor(nowMs / 1000)}.${randomBytes(4).toString("hex")}`;
}

export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString("hex");
}
