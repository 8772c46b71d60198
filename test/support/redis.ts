import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, inject } from "vitest";
import { deleteKeysWithPrefix } from "../../src/store/redis-helpers";

export interface TestRedis {
  redis: Redis;
  /** A fresh key namespace for this test; pass it to every store. */
  prefix: string;
  url: string;
}

const opened: { redis: Redis; prefix: string }[] = [];

/** A client on the run's Redis and a key prefix of its own; keys under it are deleted after the suite. */
export function testRedis(): TestRedis {
  const url = inject("redisUrl");
  const redis = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
  const prefix = `t:${randomBytes(6).toString("hex")}:`;
  opened.push({ redis, prefix });
  return { redis, prefix, url };
}

afterAll(async () => {
  for (const { redis, prefix } of opened.splice(0)) {
    await deleteKeysWithPrefix(redis, prefix);
    redis.disconnect();
  }
});
