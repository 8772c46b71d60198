import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import { createRedisClient, parseClusterNodes, type RedisClient } from "../../src/store/redis-connection";
import { deleteKeysWithPrefix } from "../../src/store/redis-helpers";

export interface TestRedis {
  /** A single Redis, or in the `cluster` project a Cluster client on the run's 3-master cluster. */
  redis: RedisClient;
  /** A fresh key namespace for this test; pass it to every store. */
  prefix: string;
  url: string;
}

const opened: { redis: RedisClient; prefix: string }[] = [];

/** True in the `cluster` project (vitest.config.ts), where testRedis() connects to a Redis Cluster. */
export const onCluster = (): boolean => Boolean(inject("redisClusterNodes"));

/** A client on the run's Redis and a key prefix of its own; keys under it are deleted after the suite. */
export function testRedis(): TestRedis {
  const url = inject("redisUrl");
  const seeds = inject("redisClusterNodes");
  const redis = seeds
    ? createRedisClient({ clusterNodes: parseClusterNodes(seeds) })
    : createRedisClient({ url });
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
