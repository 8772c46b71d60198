import type { RedisClient as Redis } from "../../../src/store/redis-connection";
import { scanKeysWithPrefix } from "../../../src/store/redis-helpers";

/** Every key under the prefix with its raw content (strings, hashes, sets), to look for leaked secrets. */
export async function rawValues(redis: Redis, prefix: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for await (const keys of scanKeysWithPrefix(redis, prefix)) {
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === "string") out.set(key, (await redis.get(key)) ?? "");
      else if (type === "hash") out.set(key, JSON.stringify(await redis.hgetall(key)));
      else if (type === "set") out.set(key, JSON.stringify(await redis.smembers(key)));
      else out.set(key, `<${type}>`);
    }
  }
  return out;
}
