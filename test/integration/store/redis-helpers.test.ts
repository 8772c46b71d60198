import { describe, expect, it } from "vitest";
import { mastersOf } from "../../../src/store/redis-connection";
import { deleteKeysWithPrefix, scanKeysWithPrefix } from "../../../src/store/redis-helpers";
import { onCluster, testRedis } from "../../support/redis";

// One EXISTS per key: a multi-key EXISTS fails across Cluster slots (this file also runs on a cluster).
const existing = async (redis: ReturnType<typeof testRedis>["redis"], keys: string[]) =>
  (await Promise.all(keys.map((key) => redis.exists(key)))).reduce((a, b) => a + b, 0);

describe("deleteKeysWithPrefix", () => {
  it("deletes every key under the prefix, across SCAN pages, and nothing else", async () => {
    const { redis, prefix } = testRedis();
    const inside = Array.from({ length: 1_200 }, (_, i) => `${prefix}ns:${i}`);
    await Promise.all(inside.map((key) => redis.set(key, "x")));
    await redis.set(`${prefix}other`, "kept");

    expect(await deleteKeysWithPrefix(redis, `${prefix}ns:`)).toBe(1_200);
    expect(await existing(redis, inside)).toBe(0);
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
    expect(await existing(redis, [`${prefix}ab:1`, `${prefix}ax:1`])).toBe(2);
  });

  it("finds the keys of every master of a cluster (SCAN walks one server)", async ({ skip }) => {
    // Runs in the `cluster` project only: the `integration` project has a single Redis to connect to.
    if (!onCluster()) skip();
    const { redis, prefix } = testRedis();
    // Hash tags spread over the 16384 slots: with 3 masters each holds some of these keys.
    const keys = Array.from({ length: 60 }, (_, i) => `${prefix}{${i}}:k`);
    await Promise.all(keys.map((key) => redis.set(key, "x")));
    const perMaster = await Promise.all(
      mastersOf(redis).map(async (master) => (await master.keys(`${prefix}*`)).length),
    );
    expect(perMaster.length).toBe(3);
    expect(perMaster.every((count) => count > 0)).toBe(true);

    const found: string[] = [];
    for await (const page of scanKeysWithPrefix(redis, prefix)) found.push(...page);
    expect(found.sort()).toEqual([...keys].sort());
    expect(await deleteKeysWithPrefix(redis, prefix)).toBe(60);
    expect(await existing(redis, keys)).toBe(0);
  });
});
