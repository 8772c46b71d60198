import { randomBytes } from "node:crypto";
import { afterAll, inject } from "vitest";
import {
  createRedisClient,
  mastersOf,
  parseClusterNodes,
  type RedisClient,
} from "../../src/store/redis-connection";
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

/**
 * A client on the run's Redis (or Cluster) whose connections, and those of its duplicate()s, carry
 * `name` (CLIENT SETNAME), so that dropConnections() can cut exactly them while other test files share
 * the server. The caller disconnects it.
 */
export function namedRedis(name: string): RedisClient {
  const seeds = inject("redisClusterNodes");
  const target = seeds ? { clusterNodes: parseClusterNodes(seeds) } : { url: inject("redisUrl") };
  return createRedisClient(target, { connectionName: name });
}

/**
 * Has the server close every connection named `name` (CLIENT KILL), as a restart or a network cut would;
 * with `lastCommand`, only those whose last command was that one (CLIENT LIST `cmd=`).
 */
export async function dropConnections(
  admin: RedisClient,
  name: string,
  lastCommand?: string,
): Promise<number> {
  let dropped = 0;
  for (const server of mastersOf(admin)) {
    const list = String(await server.client("LIST"));
    for (const line of list.split("\n")) {
      if (!line.includes(` name=${name} `)) continue;
      if (lastCommand !== undefined && !line.includes(` cmd=${lastCommand} `)) continue;
      const id = /(?:^|\s)id=(\d+)/.exec(line)?.[1];
      if (id) dropped += Number(await server.client("KILL", "ID", id));
    }
  }
  return dropped;
}
