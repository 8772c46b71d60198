// The token buckets of the fair shares (bucket-take-1.lua, bucket-drain-1.lua) on a real Redis (or the
// run's Redis Cluster): refill, reservation ahead, two replicas spending from one bucket, a 429's drain.
import { afterAll, beforeEach, describe, expect, inject, it } from "vitest";
import { ApiBudgetStore } from "../../../src/store/api-budget-store";
import { FairShareStore } from "../../../src/store/fair-share-store";
import { keyspace } from "../../../src/store/keys";
import { createRedisClient, parseClusterNodes } from "../../../src/store/redis-connection";
import { TokenBuckets } from "../../../src/store/token-buckets";
import { workspaceKey } from "../../../src/store/workspace";
import { onCluster, testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
// A second connection: another replica of the bot.
const seeds = inject("redisClusterNodes");
const other = seeds
  ? createRedisClient({ clusterNodes: parseClusterNodes(seeds) })
  : createRedisClient({ url: inject("redisUrl") });

afterAll(() => other.disconnect());

let n = 0;
let now = 1_000_000;
let keys = keyspace(prefix);
beforeEach(() => {
  keys = keyspace(`${prefix}${++n}:`);
  now = 1_000_000;
});

const spec = { capacity: 3, perSecond: 1 };

describe("token buckets in Redis", () => {
  it("takes up to its capacity, then refuses with the time until the next token, and refills", async () => {
    const buckets = new TokenBuckets({ redis, now: () => now });
    const key = keys.fairShare("T:T1", "U1", "chart");
    for (let i = 0; i < 3; i++) expect(await buckets.take(key, spec)).toEqual({ taken: true, waitMs: 0 });
    expect(await buckets.take(key, spec)).toEqual({ taken: false, waitMs: 1000 });
    now += 400;
    expect(await buckets.take(key, spec)).toEqual({ taken: false, waitMs: 600 });
    now += 600;
    expect(await buckets.take(key, spec)).toEqual({ taken: true, waitMs: 0 });
    expect(await buckets.take(key, spec)).toMatchObject({ taken: false });
    // Never more than its capacity, however long it rested.
    now += 60_000;
    for (let i = 0; i < 3; i++) expect((await buckets.take(key, spec)).taken).toBe(true);
    expect((await buckets.take(key, spec)).taken).toBe(false);
  });

  it("reserves ahead up to the longest wait, queueing callers in order", async () => {
    const buckets = new TokenBuckets({ redis, now: () => now });
    const key = keys.apiBudget("abcdef0123456789");
    for (let i = 0; i < 3; i++) await buckets.take(key, spec, 1, 2500);
    expect(await buckets.take(key, spec, 1, 2500)).toEqual({ taken: true, waitMs: 1000 });
    expect(await buckets.take(key, spec, 1, 2500)).toEqual({ taken: true, waitMs: 2000 });
    // The third would wait 3 s: refused, and nothing is reserved for it.
    expect(await buckets.take(key, spec, 1, 2500)).toEqual({ taken: false, waitMs: 3000 });
    expect(await buckets.take(key, spec, 1, 2500)).toEqual({ taken: false, waitMs: 3000 });
  });

  it("is one bucket for two replicas, on Redis's own clock", async () => {
    const a = new TokenBuckets({ redis });
    const b = new TokenBuckets({ redis: other });
    const key = keys.fairShare("T:T1", "U1", "command");
    const slow = { capacity: 4, perSecond: 1 / 3600 };
    const takes = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => (i % 2 ? a : b).take(key, slow)));
    expect(takes.filter((t) => t.taken)).toHaveLength(4);
    const refused = takes.filter((t) => !t.taken);
    expect(refused).toHaveLength(2);
    // About an hour for the next one: Redis's clock, not the callers'.
    for (const t of refused) expect(t.waitMs).toBeGreaterThan(3_500_000);
    // The key goes once the bucket would be full again: no key is left behind forever.
    expect(await redis.pttl(key)).toBeGreaterThan(0);
  });

  it("a drain empties the bucket for the Retry-After, for every replica", async () => {
    const a = new TokenBuckets({ redis, now: () => now });
    const b = new TokenBuckets({ redis: other, now: () => now });
    const key = keys.apiBudget("0123456789abcdef");
    await a.drain(key, spec, 5000);
    expect(await b.take(key, spec)).toEqual({ taken: false, waitMs: 5000 });
    now += 5000;
    expect(await b.take(key, spec)).toEqual({ taken: true, waitMs: 0 });
  });
});

describe("the fair share and the API budget over the buckets", () => {
  it("counts each person's commands and charts apart", async () => {
    const buckets = new TokenBuckets({ redis, now: () => now });
    const share = new FairShareStore({
      buckets,
      keys,
      limits: { commandsPerMinute: 6, commandBurst: 2, chartsPerMinute: 1, chartBurst: 1 },
    });
    const alice = { teamId: "T1", userId: "UALICE" };
    const bob = { teamId: "T1", userId: "UBOB" };
    expect(await share.take(alice, "chart")).toEqual({ ok: true });
    expect(await share.take(alice, "chart")).toEqual({ ok: false, waitMs: 60_000 });
    expect(await share.take(alice, "command")).toEqual({ ok: true });
    expect(await share.take(alice, "command")).toEqual({ ok: true });
    expect(await share.take(alice, "command")).toEqual({ ok: false, waitMs: 10_000 });
    // Bob's shares are his own.
    expect(await share.take(bob, "chart")).toEqual({ ok: true });
    expect(await share.take(bob, "command")).toEqual({ ok: true });
  });

  it("remembers a refusal in the process until its wait is over, and asks Redis again after", async () => {
    const buckets = new TokenBuckets({ redis, now: () => now });
    const share = new FairShareStore({
      buckets,
      keys,
      limits: { commandsPerMinute: 6, commandBurst: 1, chartsPerMinute: 1, chartBurst: 1 },
      now: () => now,
    });
    const alice = { teamId: "T1", userId: "UREMEMBERED" };
    expect(share.refusal(alice, "command")).toBeUndefined();
    expect(await share.take(alice, "command")).toEqual({ ok: true });
    expect(await share.take(alice, "command")).toEqual({ ok: false, waitMs: 10_000 });
    expect(share.refusal(alice, "command")).toEqual({ ok: false, waitMs: 10_000 });
    expect(share.refusal(alice, "chart")).toBeUndefined();
    // Redis is not asked while the refusal stands: with the bucket gone (a full one), it is still refused.
    await redis.del(keys.fairShare(workspaceKey(alice), "UREMEMBERED", "command"));
    now += 4_000;
    expect(await share.take(alice, "command")).toEqual({ ok: false, waitMs: 6_000 });
    now += 6_000;
    expect(share.refusal(alice, "command")).toBeUndefined();
    expect(await share.take(alice, "command")).toEqual({ ok: true });
  });

  it("gives commands the rate less the polls' reserve, per token, and keys it by a hash of the token", async () => {
    const buckets = new TokenBuckets({ redis, now: () => now });
    const budget = new ApiBudgetStore({ buckets, keys, limits: { perSecond: 5, pollReserve: 3 } });
    const token = "secret-token-of-x";
    expect(await budget.take(token, 0)).toEqual({ ok: true, waitMs: 0 });
    expect(await budget.take(token, 0)).toEqual({ ok: true, waitMs: 0 });
    // Two a second for commands: the third waits half a second, or is refused when it may not wait.
    expect(await budget.take(token, 0)).toEqual({ ok: false, waitMs: 500 });
    expect(await budget.take(token, 1000)).toEqual({ ok: true, waitMs: 500 });
    expect(await budget.take("another-token", 0)).toEqual({ ok: true, waitMs: 0 });
    await budget.limited(token, 4000);
    expect(await budget.take(token, 0)).toEqual({ ok: false, waitMs: 4000 });
    const stored = onCluster() ? [] : await redis.keys(`${keys.prefix}*`);
    for (const key of stored) expect(key).not.toContain(token);
  });
});
