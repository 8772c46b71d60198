import { describe, expect, it } from "vitest";
import { deleteKeysWithPrefix, scanKeysWithPrefix } from "../../../src/store/redis-helpers";
import { testRedis } from "../../support/redis";

describe("deleteKeysWithPrefix", () => {
  it("deletes every key under the prefix, across SCAN pages, and nothing else", async () => {
    const { redis, prefix } = testRedis();
    const inside = Array.from({ length: 1_200 }, (_, i) => `${prefix}ns:${i}`);
    await Promise.all(inside.map((key) => redis.set(key, "x")));
    await redis.set(`${prefix}other`, "kept");

    expect(await deleteKeysWithPrefix(redis, `${prefix}ns:`)).toBe(1_200);
    expect(await redis.exists(...inside.slice(0, 50))).toBe(0);
    expect(await redis.get(`${prefix}other`)).toBe("kept");
  });

  it("takes the prefix literally, not as a glob", async () => {
    const { redis, prefix } = testRedis();
    await redis.set(`${prefix}a*[x]:1`, "x");
    await redis.set(`${prefix}ab:1`, "y");
    await redis.set(`${prefix}ax:1`, "z");

    const found: string[] = [];
    for await (const keys of scanKeysWithPrefix(redis, `${prefix}a*[x]:`)) found.push(...keys);
    expect(found).toEqual([`${prefix}a*[x]:1`]);
    expect(await deleteKeysWithPrefix(redis, `${prefix}a?`)).toBe(0);
    expect(await redis.exists(`${prefix}ab:1`, `${prefix}ax:1`)).toBe(2);
  });
});
