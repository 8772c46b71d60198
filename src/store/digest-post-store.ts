import { z } from "zod";
import { parseRecord } from "./corrupt-record-error";
import type { Keyspace } from "./keys";
import type { RedisClient } from "./redis-connection";

/** One digest of one subscription for one period: recorded before posting, so it is never posted twice. */
export interface DigestPost {
  /** When the post was attempted (ms): a retry without `ts` looks the message up by metadata first. */
  attemptAt: number;
  ts?: string;
  /** Slack refused the attempt (429): nothing was posted, so a retry need not wait for it to land. */
  answered?: boolean;
}

const schema = z.object({
  attemptAt: z.number(),
  ts: z.string().optional(),
  answered: z.boolean().optional(),
});

/** Longer than a weekly period, so that a late retry of last week's digest still finds its record. */
const TTL_SECONDS = 9 * 86_400;

export class DigestPostStore {
  constructor(private readonly deps: { redis: RedisClient; keys: Keyspace }) {}

  async get(subscriptionId: string, period: string): Promise<DigestPost | null> {
    const key = this.deps.keys.digestPost(subscriptionId, period);
    const raw = await this.deps.redis.get(key);
    return raw === null ? null : parseRecord(key, raw, schema, "digest post");
  }

  async put(subscriptionId: string, period: string, post: DigestPost): Promise<void> {
    await this.deps.redis.set(
      this.deps.keys.digestPost(subscriptionId, period),
      JSON.stringify(post),
      "EX",
      TTL_SECONDS,
    );
  }
}
