import type { Redis } from "ioredis";

/** Every key under the prefix with its raw content (strings, hashes, sets), to look for leaked secrets. */
export async function rawValues(redis: Redis, prefix: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === "string") out.set(key, (await redis.get(key)) ?? "");
      else if (type === "hash") out.set(key, JSON.stringify(await redis.hgetall(key)));
      else if (type === "set") out.set(key, JSON.stringify(await redis.smembers(key)));
      else out.set(key, `<${type}>`);
    }
  } while (cursor !== "0");
  return out;
}
