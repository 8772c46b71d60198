import type { Redis } from "ioredis";
import type { Keyspace } from "../../../src/store/keys";

/**
 * The Redis streams that hold dead-lettered outbox entries, or null while the deployment keeps none.
 *
 * TODO(lead): issue 10 section 4 ("dead-letter after 10 attempts, or at once on an unreadable record")
 * adds the dead-letter stream to src/store/keys.ts; return its key(s) here (one per scheduler shard if it
 * is sharded like the outbox, e.g. `Array.from({ length: shards }, (_, s) => keys.<name>(s))`). Until
 * then scenario (g) reports "n/a" and its dead-letter goal fails.
 */
export function deadLetterStreams(_keys: Keyspace, _shards: number): string[] | null {
  return null;
}

/** Entries in the dead-letter streams; null when there are none to read (see deadLetterStreams). */
export async function countDeadLetters(redis: Redis, keys: Keyspace, shards: number): Promise<number | null> {
  const streams = deadLetterStreams(keys, shards);
  if (streams === null) return null;
  let total = 0;
  for (const stream of streams) total += await redis.xlen(stream);
  return total;
}
