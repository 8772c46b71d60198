import type { Redis } from "ioredis";
import type { Keyspace } from "../../../src/store/keys";

/**
 * The Redis streams that hold dead-lettered outbox entries (issue 10 section 4: "dead-letter after 10
 * attempts, or at once on an unreadable record"): one per scheduler shard, next to its outbox.
 */
export function deadLetterStreams(keys: Keyspace, shards: number): string[] {
  return Array.from({ length: shards }, (_, shard) => keys.alertDeadLetters(shard));
}

/** Entries in the dead-letter streams. */
export async function countDeadLetters(redis: Redis, keys: Keyspace, shards: number): Promise<number> {
  let total = 0;
  for (const stream of deadLetterStreams(keys, shards)) total += await redis.xlen(stream);
  return total;
}
