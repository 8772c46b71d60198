import type { RedisClient } from "../redis-connection";
import { type TokenCipher, TokenDecryptError } from "./token-cipher";

/** What a re-seal pass did, per store (`npm run rotate-key`). */
export interface ResealCount {
  /** Sealed again under the first key of TOKEN_ENCRYPTION_KEY. */
  resealed: number;
  /** Already under the first key: left alone. */
  current: number;
  /** Under a key the setting no longer holds, or failing authentication: left as they are. */
  unreadable: number;
}

export const emptyResealCount = (): ResealCount => ({ resealed: 0, current: 0, unreadable: 0 });

/**
 * Re-seals one hash field under the cipher's first key when another key sealed it. The write is a
 * compare-and-set (WATCH/MULTI): a field the bot rewrote meanwhile (a relink) is under the first key
 * already, so losing that race loses nothing. Uses the connection's WATCH: give it a connection of its own.
 */
export async function resealField(
  redis: RedisClient,
  cipher: TokenCipher,
  key: string,
  field: string,
  aad: string,
): Promise<keyof ResealCount> {
  await redis.watch(key);
  try {
    const sealed = await redis.hget(key, field);
    if (sealed == null || !cipher.needsReencryption(sealed)) return "current";
    let plaintext: string;
    try {
      plaintext = cipher.decrypt(sealed, aad);
    } catch (error) {
      if (error instanceof TokenDecryptError) return "unreadable";
      throw error;
    }
    const done = await redis.multi().hset(key, field, cipher.encrypt(plaintext, aad)).exec();
    // null: the field changed after WATCH; whatever replaced it was written by a save under the first key.
    return done === null ? "current" : "resealed";
  } finally {
    await redis.unwatch();
  }
}
