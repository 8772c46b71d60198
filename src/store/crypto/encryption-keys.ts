import { randomBytes } from "node:crypto";
import { inspect } from "node:util";

/** The environment variable that holds the token encryption keys. */
export const KEY_VARIABLE = "TOKEN_ENCRYPTION_KEY";

/** A key id: short, and free of the separators of the setting (`:` `,`) and of the ciphertext (`.`). */
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const HEX_KEY = /^[0-9a-fA-F]{64}$/;
// 32 bytes are 43 base64 characters plus one `=` of padding; both alphabets are accepted.
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=?$/;
const BASE64URL_KEY = /^[A-Za-z0-9_-]{43}=?$/;

const EXPECTED =
  `expected "keyId:base64key" pairs separated by commas (the first encrypts, all decrypt), ` +
  `or one bare key; a key is 32 random bytes in base64 (44 characters) or 64 hex characters; ` +
  `a key id is 1-32 of A-Z a-z 0-9 _ -. ` +
  `Generate a key: node -e "console.log('k1:'+require('node:crypto').randomBytes(32).toString('base64'))"`;

/**
 * The setting is wrong. The message names the variable, the entry's position and the expected format,
 * never any part of the value: a key pasted in the wrong place must not reach a log.
 */
export class InvalidKeyConfigError extends Error {
  override name = "InvalidKeyConfigError";
  constructor(problem: string) {
    super(`${KEY_VARIABLE} ${problem}: ${EXPECTED}`);
  }
}

/**
 * Parsed keys. Key bytes live in a private field so that logging or serialising this object never shows
 * them (JSON and util.inspect print the key ids only).
 */
export class EncryptionKeys {
  readonly #keys: ReadonlyMap<string, Buffer>;
  /** The id of the key that encrypts; every id decrypts. */
  readonly primaryId: string;

  constructor(entries: readonly (readonly [id: string, key: Buffer])[]) {
    const first = entries[0];
    if (!first) throw new InvalidKeyConfigError("holds no key");
    this.primaryId = first[0];
    this.#keys = new Map(entries);
  }

  get ids(): string[] {
    return [...this.#keys.keys()];
  }

  key(id: string): Buffer | undefined {
    return this.#keys.get(id);
  }

  toJSON() {
    return { primaryId: this.primaryId, ids: this.ids };
  }

  [inspect.custom]() {
    return `EncryptionKeys(primary=${this.primaryId}, ids=${this.ids.join(",")})`;
  }
}

/**
 * Parses `TOKEN_ENCRYPTION_KEY` (pure; for config validation at start-up).
 * - `k2:<base64>,k1:<base64>`: the first pair encrypts, all decrypt (rotation: put the new key first and
 *   keep the old ones until every token has been saved again).
 * - a bare key (`<base64>` or 64 hex characters) is key id `k1`.
 */
export function parseEncryptionKeys(value: string | undefined): EncryptionKeys {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") throw new InvalidKeyConfigError("is not set");

  const parts = trimmed.split(",").map((part) => part.trim());
  if (parts.length === 1 && !parts[0]!.includes(":")) {
    return new EncryptionKeys([["k1", decodeKey(parts[0]!, 1)]]);
  }

  const entries: [string, Buffer][] = [];
  parts.forEach((part, index) => {
    const position = index + 1;
    const colon = part.indexOf(":");
    if (colon < 0) throw new InvalidKeyConfigError(`entry ${position} has no "keyId:" before its key`);
    const id = part.slice(0, colon).trim();
    if (!KEY_ID.test(id)) throw new InvalidKeyConfigError(`entry ${position} has an invalid key id`);
    if (entries.some(([seen]) => seen === id)) {
      throw new InvalidKeyConfigError(`entry ${position} repeats the key id of an earlier entry`);
    }
    entries.push([id, decodeKey(part.slice(colon + 1).trim(), position)]);
  });
  return new EncryptionKeys(entries);
}

function decodeKey(text: string, position: number): Buffer {
  let key: Buffer | undefined;
  if (HEX_KEY.test(text)) key = Buffer.from(text, "hex");
  else if (BASE64_KEY.test(text)) key = Buffer.from(text, "base64");
  else if (BASE64URL_KEY.test(text)) key = Buffer.from(text, "base64url");
  if (key?.length !== 32) {
    throw new InvalidKeyConfigError(`entry ${position} is not a 32-byte key`);
  }
  return key;
}

/**
 * A fresh setting entry `id:<32 random bytes in base64>`, for README/.env.example instructions. The same
 * as: node -e "console.log('k1:'+require('node:crypto').randomBytes(32).toString('base64'))"
 */
export function generateKey(id = "k1"): string {
  if (!KEY_ID.test(id)) throw new InvalidKeyConfigError("key id for a new key is invalid");
  return `${id}:${randomBytes(32).toString("base64")}`;
}
