import type { ChainableCommander } from "ioredis";
import { mastersOf, type RedisClient } from "./redis-connection";

/**
 * Sets fields of a hash only when the hash exists, without a script: a flag written after a concurrent
 * delete must not recreate a partial record that no index points to. EXISTS and HSET run in one MULTI
 * (one key, so Cluster-safe); when the hash was absent the fields just written are removed again, which
 * deletes the key (Redis drops empty hashes). Only use it for fields whose absence is a safe default,
 * since the removal may also hit a record saved in between.
 */
export async function setFieldsIfExists(
  redis: RedisClient,
  key: string,
  fields: Record<string, string>,
  removeFields: readonly string[] = [],
): Promise<boolean> {
  const multi = redis.multi().exists(key).hset(key, fields);
  if (removeFields.length > 0) multi.hdel(key, ...removeFields);
  const [exists] = await execOrThrow(multi);
  if (exists === 1) return true;
  await redis.hdel(key, ...Object.keys(fields));
  return false;
}

/**
 * Deletes keys one command each (a multi-key DEL or an explicit pipeline would fail across Cluster
 * slots); ioredis writes the concurrent commands back to back, so this still costs about one round trip.
 */
export async function deleteKeys(redis: RedisClient, keys: readonly string[], chunk = 500): Promise<number> {
  let deleted = 0;
  for (let start = 0; start < keys.length; start += chunk) {
    const counts = await Promise.all(keys.slice(start, start + chunk).map((key) => redis.unlink(key)));
    for (const count of counts) deleted += count;
  }
  return deleted;
}

/**
 * The keys under a literal prefix, one SCAN page at a time. SCAN walks one server, so on a Cluster this
 * walks every master in turn (as the client last saw them: a failover in the middle may skip or repeat
 * keys, so this is for cleanup of a test or demo namespace, never for the bot's own work).
 */
export async function* scanKeysWithPrefix(
  redis: RedisClient,
  prefix: string,
  count = 500,
): AsyncGenerator<string[]> {
  // MATCH is a glob: escape its special characters so that the prefix is taken literally.
  const pattern = `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`;
  for (const server of mastersOf(redis)) {
    let cursor = "0";
    do {
      const [next, keys] = await server.scan(cursor, "MATCH", pattern, "COUNT", count);
      cursor = next;
      if (keys.length > 0) yield keys;
    } while (cursor !== "0");
  }
}

/** Deletes every key under a literal prefix, on every master of a cluster (see scanKeysWithPrefix). */
export async function deleteKeysWithPrefix(redis: RedisClient, prefix: string): Promise<number> {
  let deleted = 0;
  for await (const keys of scanKeysWithPrefix(redis, prefix)) deleted += await deleteKeys(redis, keys);
  return deleted;
}

/** Runs a MULTI or pipeline and returns its replies, throwing the first command error (exec does not). */
export async function execOrThrow(commands: ChainableCommander): Promise<unknown[]> {
  const replies = await commands.exec();
  if (!replies) throw new Error("Redis transaction was aborted");
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}
