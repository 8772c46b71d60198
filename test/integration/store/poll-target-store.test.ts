import { describe, expect, it } from "vitest";
import { retryPollAt } from "../../../src/alerts/engine/poll/poll-timing";
import { keyspace } from "../../../src/store/keys";
import { SchedulerInputError } from "../../../src/store/poll-target-input";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import { shardOf } from "../../../src/store/shard-of";
import { testRedis } from "../../support/redis";

const T = Date.parse("2025-01-01T00:00:00Z");
const LEASE = 10_000;

function setup(shards = 4) {
  const { redis, prefix } = testRedis();
  const keys = keyspace(prefix);
  return { redis, keys, store: new PollTargetStore({ redis, keys, shards }) };
}

/** Targets named so that they land in the wanted shards. */
function targetsIn(shard: number, count: number, shards = 4, tag = "t"): string[] {
  const found: string[] = [];
  for (let i = 0; found.length < count; i++) {
    const target = `team:${tag}${i}:hash`;
    if (shardOf(target, shards) === shard) found.push(target);
  }
  return found;
}

async function outbox(store: PollTargetStore, redis: ReturnType<typeof testRedis>["redis"], shard: number) {
  const entries = await redis.xrange(store.outboxKey(shard), "-", "+");
  return entries.map(([, fields]) => Object.fromEntries(chunk(fields)));
}

/** The names of the commands sent on this connection until `stop()` (which puts sendCommand back). */
function recordCommands(redis: ReturnType<typeof testRedis>["redis"]): { names: string[]; stop(): void } {
  const names: string[] = [];
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
    names.push(command.name);
    return (send as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof redis.sendCommand;
  return {
    names,
    stop() {
      redis.sendCommand = send;
    },
  };
}

/** Adds targets named with `tag` in shards 0 and `other` (3 each) and claims them: shard 0's first. */
async function claimSix(store: PollTargetStore, other: number, tag: string) {
  const targets = [...targetsIn(0, 3, 4, tag), ...targetsIn(other, 3, 4, tag)];
  for (const target of targets) await store.add(target, { subscriber: "C1", group: "tok" }, T);
  return [...(await store.claim(0, T, LEASE, 10, "w1")), ...(await store.claim(other, T, LEASE, 10, "w1"))];
}

function chunk(fields: string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < fields.length; i += 2) pairs.push([fields[i]!, fields[i + 1]!]);
  return pairs;
}

describe("scheduler leases", () => {
  it("claims a due target under a lease that a second claim cannot take", async () => {
    const { store } = setup();
    const [target] = targetsIn(1, 1);
    await store.add(target!, { subscriber: "C1", group: "tok", meta: '{"team":"1"}' }, T);

    expect(await store.claim(1, T - 1, LEASE, 10, "w1")).toEqual([]);
    const [claimed, ...rest] = await store.claim(1, T, LEASE, 10, "w1");
    expect(rest).toEqual([]);
    expect(claimed).toMatchObject({ target, state: null, failures: 0, meta: '{"team":"1"}' });
    expect(claimed!.leaseToken).toMatch(/^w1:/);
    expect(await store.inspect(target!)).toMatchObject({ leased: true, dueAt: T + LEASE });

    expect(await store.claim(1, T + LEASE - 1, LEASE, 10, "w2")).toEqual([]);
  });

  it("drops a due entry whose target record is gone instead of leasing it", async () => {
    const { redis, keys, store } = setup();
    const [kept, gone] = targetsIn(1, 2);
    await store.add(kept!, { subscriber: "C1", group: "tok", meta: "{}" }, T);
    await store.add(gone!, { subscriber: "C1", group: "tok", meta: "{}" }, T);
    await redis.del(keys.pollTarget(1, gone!));

    expect((await store.claim(1, T, LEASE, 10, "w1")).map((c) => c.target)).toEqual([kept]);
    expect(await redis.zscore(keys.pollDue(1), gone!)).toBeNull();
  });

  it("gives a target back after its lease passes and refuses the first worker's late commit", async () => {
    const { store, redis } = setup();
    const [target] = targetsIn(2, 1);
    await store.add(target!, { subscriber: "C1", group: "tok" }, T);
    const [first] = await store.claim(2, T, LEASE, 10, "w1");
    const [second] = await store.claim(2, T + LEASE, LEASE, 10, "w2");
    expect(second?.target).toBe(target);
    expect(second!.leaseToken).not.toBe(first!.leaseToken);

    const late = await store.commit(2, target!, first!.leaseToken, {
      now: T,
      state: '{"from":"w1"}',
      nextDueAt: T + 60_000,
      events: ['{"type":"opened"}'],
      failures: "reset",
    });
    expect(late).toBe(false);
    expect(await outbox(store, redis, 2)).toEqual([]);
    expect(await store.inspect(target!)).toMatchObject({ state: null, leased: true, dueAt: T + 2 * LEASE });

    const current = await store.commit(2, target!, second!.leaseToken, {
      now: T,
      state: '{"from":"w2"}',
      nextDueAt: T + 60_000,
      failures: "reset",
    });
    expect(current).toBe(true);
    expect(await store.inspect(target!)).toMatchObject({ state: '{"from":"w2"}', leased: false });
    // The same lease's commit again (as ioredis resends a command whose reply was lost): it had landed, so
    // it is not a lease taken over, and nothing is written twice.
    expect(
      await store.commit(2, target!, second!.leaseToken, { now: T, nextDueAt: T, failures: "reset" }),
    ).toBe(true);
    expect(await store.inspect(target!)).toMatchObject({ state: '{"from":"w2"}', dueAt: T + 60_000 });
    // The first worker's late lease stays refused.
    expect(
      await store.commit(2, target!, first!.leaseToken, { now: T, nextDueAt: T, failures: "reset" }),
    ).toBe(false);
  });

  it("commits state, due time and outbox events in one step", async () => {
    const { store, redis } = setup();
    const [target] = targetsIn(3, 1);
    await store.add(target!, { subscriber: "C1", group: "tok" }, T);
    const [claimed] = await store.claim(3, T, LEASE, 10, "w1");
    const events = [
      JSON.stringify({ type: "opened", incidentId: "7" }),
      JSON.stringify({ type: "resolved", incidentId: "7" }),
    ];
    const ok = await store.commit(3, target!, claimed!.leaseToken, {
      now: T,
      state: '{"v":1}',
      nextDueAt: T + 5_000,
      events,
      failures: "reset",
    });
    expect(ok).toBe(true);
    expect(await outbox(store, redis, 3)).toEqual(events.map((event) => ({ target, event })));
    expect(await store.inspect(target!)).toMatchObject({ state: '{"v":1}', dueAt: T + 5_000, leased: false });

    expect(await store.claim(3, T + 4_999, LEASE, 10, "w1")).toEqual([]);
    const [again] = await store.claim(3, T + 5_000, LEASE, 10, "w1");
    expect(again).toMatchObject({ target, state: '{"v":1}' });
    // A commit without state keeps the stored one.
    await store.commit(3, target!, again!.leaseToken, {
      now: T,
      nextDueAt: T + 9_000,
      failures: "increment",
    });
    expect(await store.inspect(target!)).toMatchObject({ state: '{"v":1}', failures: 1 });
  });

  it("counts consecutive failures for the backoff and resets them on success", async () => {
    const { store } = setup();
    const [target] = targetsIn(0, 1);
    await store.add(target!, { subscriber: "C1", group: "tok" }, T);
    const timing = { intervalMs: 5_000, backoffBaseMs: 5_000, backoffMaxMs: 60_000, random: () => 0.5 };
    let now = T;
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [claimed] = await store.claim(0, now, LEASE, 10, "w1");
      expect(claimed?.failures).toBe(i);
      const nextDueAt = retryPollAt(now, claimed!.failures + 1, timing);
      await store.commit(0, target!, claimed!.leaseToken, { now, nextDueAt, failures: "increment" });
      delays.push(nextDueAt - now);
      now = nextDueAt;
    }
    expect(delays).toEqual([...delays].sort((a, b) => a - b));
    expect(delays[3]!).toBeGreaterThan(delays[0]!);
    expect((await store.inspect(target!))?.failures).toBe(4);

    const [claimed] = await store.claim(0, now, LEASE, 10, "w1");
    await store.commit(0, target!, claimed!.leaseToken, { now, nextDueAt: now + 5_000, failures: "reset" });
    expect((await store.inspect(target!))?.failures).toBe(0);
  });

  it("books the incident refresh with the claim, once per refreshMs, and books it again after a failed poll", async () => {
    const { redis, keys } = setup();
    const store = new PollTargetStore({ redis, keys, shards: 4, refreshMs: 30_000 });
    const [target] = targetsIn(0, 1);
    await store.add(target!, { subscriber: "C1", group: "tok" }, T);
    const poll = async (now: number, failures: "reset" | "increment" = "reset") => {
      const [claimed] = await store.claim(0, now, LEASE, 10, "w1");
      await store.commit(0, target!, claimed!.leaseToken, { now, nextDueAt: now + 1, failures });
      return claimed!.refresh;
    };
    // A new target, then every 30 s by the claim's clock, whichever worker claims it.
    expect(await poll(T)).toBe(true);
    expect(await poll(T + 5_000)).toBe(false);
    expect(await poll(T + 29_999)).toBe(false);
    expect(await poll(T + 30_000)).toBe(true);
    // A failed poll may not have read what its claim booked: the next claim books it again.
    expect(await poll(T + 35_000, "increment")).toBe(false);
    expect(await poll(T + 40_000)).toBe(true);
    expect(await poll(T + 45_000)).toBe(false);
  });

  it("a held claim books a refresh that falls within its hold, and answers its time; a lease books only a due one", async () => {
    const { redis, keys } = setup();
    const store = new PollTargetStore({ redis, keys, shards: 4, refreshMs: 30_000 });
    const [target] = targetsIn(0, 1);
    await store.add(target!, { subscriber: "C1", group: "tok" }, T);
    const refreshAt = async () => Number(await redis.hget(keys.pollTarget(0, target!), "refreshAt"));
    const claim = async (now: number, hold?: number) => {
      const [claimed] = await store.claimShards([0], now, LEASE, 10, "w1", hold === undefined ? [] : [hold]);
      return claimed?.[0];
    };
    // Due at the claim: read with the first poll, the next booked 30 s on.
    expect(await claim(T, 15_000)).toMatchObject({ refresh: true, refreshAt: T, heldUntil: T + 15_000 });
    expect(await refreshAt()).toBe(T + 30_000);
    // Due 2 s into a 15 s hold: answered for a later poll of the hold, and the next booked 30 s after it.
    expect(await claim(T + 28_000, 15_000)).toMatchObject({ refresh: false, refreshAt: T + 30_000 });
    expect(await refreshAt()).toBe(T + 60_000);
    // Due after the hold ends (T + 58 s): the next claim's.
    expect(await claim(T + 43_000, 15_000)).toMatchObject({ refresh: false, refreshAt: null });
    expect(await refreshAt()).toBe(T + 60_000);
    // A lease's poll commits and ends the claim: it books no refresh that is not due yet.
    expect(await claim(T + 58_000)).toMatchObject({ refresh: false, refreshAt: null, heldUntil: null });
    expect(await refreshAt()).toBe(T + 60_000);
    expect(await claim(T + 58_000 + LEASE)).toMatchObject({ refresh: true, refreshAt: T + 58_000 + LEASE });
    expect(await refreshAt()).toBe(T + 88_000 + LEASE);
  });

  it("cools down every target of a token group, in every shard, and no other", async () => {
    const { store } = setup();
    const [a, a2] = targetsIn(0, 2, 4, "a");
    const [b] = targetsIn(1, 1, 4, "b");
    const [c] = targetsIn(1, 1, 4, "c");
    await store.add(a!, { subscriber: "C1", group: "tokA" }, T);
    await store.add(a2!, { subscriber: "C4", group: "tokA" }, T + 1_000);
    await store.add(b!, { subscriber: "C2", group: "tokA" }, T + 1_000);
    await store.add(c!, { subscriber: "C3", group: "tokB" }, T + 1_000);

    const [claimed] = await store.claim(0, T, LEASE, 10, "w1");
    const until = T + 60_000;
    await store.commit(0, a!, claimed!.leaseToken, {
      now: T,
      nextDueAt: T + 5_000,
      failures: "increment",
      coolDownGroup: "tokA",
      coolDownUntil: until,
    });
    expect((await store.inspect(a!))?.dueAt).toBe(until);
    // The commit's own shard learns of the cool-down from the commit (the other shards from coolDown).
    expect(await store.claim(0, T + 1_000, LEASE, 10, "w1")).toEqual([]);
    expect((await store.inspect(a2!))?.dueAt).toBe(until);

    const inShard1 = await store.claim(1, T + 1_000, LEASE, 10, "w2");
    expect(inShard1.map((row) => row.target)).toEqual([c]);
    await store.commit(1, c!, inShard1[0]!.leaseToken, {
      now: T,
      nextDueAt: T + 3_600_000,
      failures: "reset",
    });
    expect((await store.inspect(b!))?.dueAt).toBe(until);
    expect(await store.claim(1, until - 1, LEASE, 10, "w2")).toEqual([]);
    expect((await store.claim(1, until, LEASE, 10, "w2")).map((row) => row.target)).toEqual([b]);

    // A shorter cool-down never cuts a longer one short.
    await store.coolDown("tokA", until + 60_000, T);
    await store.coolDown("tokA", until + 1_000, T);
    expect((await store.claim(0, until + 30_000, LEASE, 10, "w1")).length).toBe(0);
    expect((await store.inspect(a!))?.dueAt).toBe(until + 60_000);
  });

  it("keeps shards independent: claims, outboxes and due times", async () => {
    const { store, redis } = setup();
    const [x] = targetsIn(0, 1);
    const ys = targetsIn(3, 3);
    await store.add(x!, { subscriber: "C1", group: "g" }, T);
    for (const y of ys) await store.add(y, { subscriber: "C1", group: "g" }, T + 500);

    expect((await store.claim(0, T + 1_000, LEASE, 10, "w")).map((r) => r.target)).toEqual([x]);
    const limited = await store.claim(3, T + 1_000, LEASE, 2, "w");
    expect(limited).toHaveLength(2);
    expect(await store.claim(3, T + 1_000, LEASE, 10, "w")).toHaveLength(1);

    await store.commit(3, limited[0]!.target, limited[0]!.leaseToken, {
      now: T,
      nextDueAt: T + 20_000,
      events: ['{"n":1}'],
      failures: "reset",
    });
    expect(await outbox(store, redis, 3)).toHaveLength(1);
    expect(await outbox(store, redis, 0)).toEqual([]);

    expect(await store.nextDueIn(1, T, 30_000)).toBe(30_000);
    expect(await store.nextDueIn(0, T, 30_000)).toBe(LEASE + 1_000);
    expect(await store.nextDueIn(0, T + 50_000, 30_000)).toBe(0);
    expect(await store.nextDueIn(0, T, 5_000)).toBe(5_000);
  });
});

describe("scheduler rounds (issue 13)", () => {
  it("claims several shards in one call, a list per shard in the order asked, each token its own", async () => {
    const { redis, store } = setup();
    const in0 = targetsIn(0, 3);
    const in2 = targetsIn(2, 1);
    for (const target of [...in0, ...in2])
      await store.add(target, { subscriber: "C1", group: "g", meta: "{}" }, T);
    // Loads the claim script (a first run may be an EVALSHA answered NOSCRIPT, then an EVAL).
    await store.claimShards([3], T, LEASE, 2, "w0");
    const sent = recordCommands(redis);

    const [two, none, zero] = await store.claimShards([2, 1, 0], T, LEASE, 2, "w1");
    sent.stop();
    // One Redis: the three shards in one script run (on a Cluster each shard is its own slot, so its own).
    if (!redis.isCluster) expect(sent.names).toEqual(["evalsha"]);
    expect(two!.map((c) => c.target)).toEqual(in2);
    expect(none).toEqual([]);
    // The limit is per shard.
    expect(zero).toHaveLength(2);
    // Another round gets what is left; once the lease passed, the same target comes back under a new token.
    const [, , rest] = await store.claimShards([2, 1, 0], T, LEASE, 2, "w1");
    expect(rest!.map((c) => c.target)).toEqual(in0.filter((t) => !zero!.some((c) => c.target === t)));
    const [again] = await store.claimShards([2], T + LEASE, LEASE, 2, "w1");
    expect(again!.map((c) => c.target)).toEqual(in2);
    expect(again![0]!.leaseToken).not.toBe(two![0]!.leaseToken);
  });

  it("lands a quiet commit that waits in the window, and an alert's commit beside it", async () => {
    const { redis, store } = setup();
    const [quiet, loud] = targetsIn(1, 2);
    await store.add(quiet!, { subscriber: "C1", group: "g", meta: "{}" }, T);
    await store.add(loud!, { subscriber: "C1", group: "g", meta: "{}" }, T);
    const claimed = await store.claim(1, T, LEASE, 10, "w1");
    const lease = (target: string) => claimed.find((c) => c.target === target)!.leaseToken;

    const quietCommit = store.commit(1, quiet!, lease(quiet!), {
      now: T,
      nextDueAt: T + 5_000,
      failures: "reset",
    });
    const event = JSON.stringify({ type: "opened", incidentId: "9" });
    const loudCommit = store.commit(1, loud!, lease(loud!), {
      now: T,
      nextDueAt: T + 5_000,
      failures: "reset",
      state: "{}",
      events: [event],
    });
    expect(await loudCommit).toBe(true);
    expect(await quietCommit).toBe(true);
    expect(await store.inspect(quiet!)).toMatchObject({ leased: false, dueAt: T + 5_000 });
    expect((await outbox(store, redis, 1)).map((e) => e.event)).toEqual([event]);
  });
});

describe("scheduler targets", () => {
  it("commits many polls asked for in one turn (one pipeline): each on its own lease, events in order", async () => {
    const { store, redis } = setup();
    const claimed = await claimSix(store, 1, "p");
    expect(claimed).toHaveLength(6);
    const [stale, ...fresh] = claimed;
    const results = await Promise.all([
      store.commit(0, stale!.target, `${stale!.leaseToken}-not-mine`, {
        now: T,
        nextDueAt: T + 1,
        failures: "reset",
      }),
      ...fresh.map((c, i) =>
        store.commit(store.shardOf(c.target), c.target, c.leaseToken, {
          now: T,
          nextDueAt: T + 1_000 + i,
          failures: "reset",
          state: `{"n":${i}}`,
          events: [`e${i}a`, `e${i}b`],
        }),
      ),
    ]);
    expect(results).toEqual([false, true, true, true, true, true]);
    expect(await store.inspect(stale!.target)).toMatchObject({ leased: true, state: null });
    for (const [i, c] of fresh.entries()) {
      expect(await store.inspect(c.target)).toMatchObject({
        leased: false,
        dueAt: T + 1_000 + i,
        state: `{"n":${i}}`,
      });
    }
    const events = [...(await outbox(store, redis, 0)), ...(await outbox(store, redis, 1))];
    expect(events).toHaveLength(10);
    for (const [i, c] of fresh.entries()) {
      expect(events.filter((e) => e.target === c.target).map((e) => e.event)).toEqual([`e${i}a`, `e${i}b`]);
    }
  });

  it("commits the quiet polls of one turn as one script run, each on its own lease, beside full commits", async () => {
    const { store, redis, keys } = setup();
    const claimed = await claimSix(store, 2, "q");
    expect(claimed).toHaveLength(6);
    // A failure count and a rejection streak that a quiet success must clear, as a full commit does.
    const [stale, full, ...quiet] = claimed;
    const hash = (c: { target: string }) => keys.pollTarget(store.shardOf(c.target), c.target);
    await redis.hset(hash(quiet[0]!), { failures: 3, rejCount: 2, rejSince: T, paused: "token" });
    // Counts the scripts sent on this connection, once each script is loaded (a first run may be an
    // EVALSHA answered NOSCRIPT, then an EVAL): two refused commits load both.
    const refused = { now: T, nextDueAt: T, failures: "reset" } as const;
    await store.commit(store.shardOf(stale!.target), stale!.target, "not-mine", refused);
    await store.commit(store.shardOf(stale!.target), stale!.target, "not-mine", { ...refused, state: "{}" });
    const sent = recordCommands(redis);
    const results = await Promise.all([
      store.commit(store.shardOf(stale!.target), stale!.target, `${stale!.leaseToken}-not-mine`, {
        now: T,
        nextDueAt: T + 1,
        failures: "reset",
      }),
      store.commit(store.shardOf(full!.target), full!.target, full!.leaseToken, {
        now: T,
        nextDueAt: T + 500,
        failures: "reset",
        state: '{"full":1}',
        events: ["e-full"],
      }),
      // Incidents read with nothing new: its state joins the quiet ones' run.
      ...quiet.map((c, i) =>
        store.commit(store.shardOf(c.target), c.target, c.leaseToken, {
          now: T,
          nextDueAt: T + 1_000 + i,
          failures: "reset",
          ...(i === 1 ? { state: '{"read":1}' } : {}),
        }),
      ),
    ]);
    expect(results).toEqual([false, true, true, true, true, true]);
    expect(await store.inspect(stale!.target)).toMatchObject({ leased: true, state: null });
    expect(await store.inspect(full!.target)).toMatchObject({
      leased: false,
      dueAt: T + 500,
      state: '{"full":1}',
    });
    for (const [i, c] of quiet.entries()) {
      expect(await store.inspect(c.target)).toMatchObject({
        leased: false,
        dueAt: T + 1_000 + i,
        failures: 0,
      });
    }
    expect(await redis.hmget(hash(quiet[0]!), "rejCount", "rejSince", "paused")).toEqual([null, null, null]);
    expect((await store.inspect(quiet[1]!.target))?.state).toBe('{"read":1}');
    expect((await store.inspect(quiet[2]!.target))?.state).toBeNull();
    const events = [...(await outbox(store, redis, 0)), ...(await outbox(store, redis, 1))];
    expect(events.map((e) => [e.target, e.event])).toEqual([[full!.target, "e-full"]]);
    sent.stop();
    const scripts = sent.names.filter((name) => name === "evalsha" || name === "eval").length;
    // One Redis (not a Cluster, where each shard's are their own run): the 4 quiet commits (one with a
    // state) and the refused one were one script run, the commit with an event another.
    if (!redis.isCluster) expect(scripts).toBe(2);
  });

  it("answers each quiet commit of a batch that mixes shards with its own reply", async () => {
    const { store } = setup();
    const [a, c] = targetsIn(0, 2, 4, "mix");
    const [b] = targetsIn(2, 1, 4, "mix");
    for (const target of [a!, b!, c!]) await store.add(target, { subscriber: "C1", group: "tok" }, T);
    const claimed = [
      ...(await store.claim(0, T, LEASE, 10, "w")),
      ...(await store.claim(2, T, LEASE, 10, "w")),
    ];
    const token = (target: string) => claimed.find((c) => c.target === target)!.leaseToken;
    const quiet = (target: string, leaseToken: string, at: number) =>
      store.commit(store.shardOf(target), target, leaseToken, { now: T, nextDueAt: at, failures: "reset" });
    // Sent shard 0, shard 2, shard 0: the script takes them shard by shard, the replies come back per commit.
    const results = await Promise.all([
      quiet(a!, token(a!), T + 1),
      quiet(b!, "not-mine", T + 2),
      quiet(c!, token(c!), T + 3),
    ]);
    expect(results).toEqual([true, false, true]);
    expect((await store.inspect(b!))?.leased).toBe(true);
    expect((await store.inspect(c!))?.dueAt).toBe(T + 3);
  });

  it("claims and commits more targets in one script run than Lua can unpack at once (8,000 values)", async () => {
    const { store, redis, keys } = setup(1);
    const count = 4_200;
    const targets = Array.from({ length: count }, (_, i) => `team:big${i}:hash`);
    // Loaded by hand: 4,200 add runs would be most of the test.
    const pipeline = redis.pipeline();
    for (const [i, target] of targets.entries()) {
      pipeline.hset(keys.pollTarget(0, target), { failures: 0, group: `g${i}`, meta: "{}" });
      pipeline.zadd(keys.pollDue(0), T, target);
    }
    await pipeline.exec();
    const claimed = await store.claim(0, T, LEASE, count, "w");
    expect(claimed).toHaveLength(count);
    expect(await redis.zscore(keys.pollDue(0), targets[count - 1]!)).toBe(String(T + LEASE));
    // Asked in one turn: one quiet commit run of all of them.
    const done = await Promise.all(
      claimed.map((c, i) =>
        store.commit(0, c.target, c.leaseToken, { now: T, nextDueAt: T + i, failures: "reset" }),
      ),
    );
    expect(done.every(Boolean)).toBe(true);
    const due = await redis.zrange(keys.pollDue(0), 0, -1, "WITHSCORES");
    const scores = new Map<string, number>();
    for (let i = 0; i < due.length; i += 2) scores.set(due[i]!, Number(due[i + 1]));
    expect(claimed.every((c, i) => scores.get(c.target) === T + i)).toBe(true);
  });

  it("shares one target among subscribers and removes it with the last", async () => {
    const { store } = setup();
    const target = "team:42:abc";
    expect(await store.has(target)).toBe(false);
    expect(await store.add(target, { subscriber: "C1", group: "abc", meta: "m1" }, T)).toBe(1);
    expect(await store.add(target, { subscriber: "C2", group: "abc", meta: "m2" }, T + 99_000)).toBe(2);
    expect(await store.add(target, { subscriber: "C2", group: "abc", meta: "m2" }, T)).toBe(2);
    expect(await store.inspect(target)).toMatchObject({ dueAt: T, subscribers: ["C1", "C2"], group: "abc" });

    const shard = store.shardOf(target);
    const [claimed] = await store.claim(shard, T, LEASE, 10, "w");
    expect(claimed?.meta).toBe("m2");

    expect(await store.remove(target, "C1")).toBe(1);
    expect(await store.has(target)).toBe(true);
    expect(await store.remove(target, "C2")).toBe(0);
    expect(await store.has(target)).toBe(false);
    expect(await store.inspect(target)).toBeNull();
    expect(await store.nextDueIn(shard, T, 1_000)).toBe(1_000);

    // The lease holder of a removed target cannot bring it back.
    expect(
      await store.commit(shard, target, claimed!.leaseToken, {
        now: T,
        state: "{}",
        nextDueAt: T,
        failures: "reset",
      }),
    ).toBe(false);
    expect(await store.has(target)).toBe(false);
    expect(await store.remove(target, "C2")).toBe(0);
  });

  it("rejects bad input with a typed error", async () => {
    const { store } = setup();
    await expect(store.add("", { subscriber: "C1", group: "g" }, T)).rejects.toThrow(SchedulerInputError);
    await expect(store.claim(4, T, LEASE, 1, "w")).rejects.toThrow(SchedulerInputError);
    await expect(store.claim(0, Number.NaN, LEASE, 1, "w")).rejects.toThrow(SchedulerInputError);
    await expect(
      store.commit(0, "team:1:x", "tok", { now: T, nextDueAt: T, failures: "reset", coolDownGroup: "g" }),
    ).rejects.toThrow(SchedulerInputError);
    expect(() => new PollTargetStore({ redis: testRedis().redis, keys: keyspace("x:"), shards: 0 })).toThrow(
      SchedulerInputError,
    );
  });
});

describe("held claims (issue 13)", () => {
  it("holds each claimed target until its own quiet due time, leases those beyond the holds, and tells who is settled", async () => {
    const { redis, keys, store } = setup();
    const [a, b, c] = targetsIn(1, 3);
    const [d] = targetsIn(2, 1);
    for (const target of [a!, b!, c!, d!]) await store.add(target, { subscriber: "C1", group: "g" }, T);
    // b failed once; c has a token-rejection streak behind it.
    const [first] = await store.claimShards([1], T, LEASE, 10, "w0");
    const token = (target: string) => first!.find((claim) => claim.target === target)!.leaseToken;
    await store.commit(1, b!, token(b!), { now: T, nextDueAt: T, failures: "increment" });
    await store.recordRejection(c!, token(c!), T);
    await store.commit(1, c!, token(c!), { now: T, nextDueAt: T, failures: "reset" });
    await redis.hset(keys.pollTarget(1, c!), "rejCount", 1, "rejSince", T);
    await store.commit(1, a!, token(a!), { now: T, nextDueAt: T, failures: "reset" });

    // Four holds for the whole claim: on one Redis the run leases shard 1's three then shard 2's target,
    // on a Cluster each shard's run starts from the first hold.
    const holds = [4_600, 5_100, 5_400, 4_800];
    const [inOne, inTwo] = await store.claimShards([1, 2], T + 1, LEASE, 10, "w1", holds.slice(0, 3));
    const claimed = [...inOne!, ...inTwo!];
    expect(claimed.map((claim) => claim.target).sort()).toEqual([a!, b!, c!, d!].sort());
    const settled = Object.fromEntries(claimed.map((claim) => [claim.target, claim.settled]));
    expect(settled).toEqual({ [a!]: true, [b!]: false, [c!]: false, [d!]: true });
    for (const [i, claim] of inOne!.entries()) {
      expect(claim.heldUntil).toBe(T + 1 + holds[i]!);
      expect(Number(await redis.zscore(keys.pollDue(1), claim.target))).toBe(claim.heldUntil);
    }
    // Shard 2's target is the fourth leased on one Redis (no hold left: a lease), the first on a Cluster.
    const expected = redis.isCluster ? T + 1 + holds[0]! : null;
    expect(inTwo![0]!.heldUntil).toBe(expected);
    expect(Number(await redis.zscore(keys.pollDue(2), d!))).toBe(expected ?? T + 1 + LEASE);
    // Held is still claimed: nobody takes the targets before their holds end.
    expect(await store.claimShards([1, 2], T + 4_000, LEASE, 10, "w2")).toEqual([[], []]);
  });

  it("extends held claims to a lease, and leaves alone one that was committed or taken over", async () => {
    const { redis, keys, store } = setup();
    const [kept, committed, taken] = targetsIn(3, 3);
    // Due one after the other: claimed in this order, so the holds below are theirs in this order.
    for (const [i, target] of [kept!, committed!, taken!].entries())
      await store.add(target, { subscriber: "C1", group: "g" }, T + i);
    const [claimed] = await store.claimShards([3], T + 2, LEASE, 10, "w1", [8_000, 5_000, 3_000]);
    expect(claimed!.map((c) => c.target)).toEqual([kept!, committed!, taken!]);
    const [keptClaim, committedClaim, takenClaim] = claimed!;
    await store.commit(3, committed!, committedClaim!.leaseToken, {
      now: T,
      nextDueAt: T + 5_500,
      failures: "reset",
    });
    // taken: its hold ran out before its poll ended, and another worker claimed it.
    const [other] = await store.claimShards([3], T + 4_000, LEASE, 10, "w2");
    expect(other!.map((c) => c.target)).toEqual([taken!]);

    const held = [keptClaim!, committedClaim!, takenClaim!].map(({ target, leaseToken }) => ({
      target,
      leaseToken,
    }));
    expect(await store.extend(held, T + 4_001 + LEASE)).toBe(1);
    const due = async (target: string) => Number(await redis.zscore(keys.pollDue(3), target));
    expect(await due(kept!)).toBe(T + 4_001 + LEASE);
    expect(await due(committed!)).toBe(T + 5_500);
    expect(await due(taken!)).toBe(T + 4_000 + LEASE);
    expect(await store.extend([], T)).toBe(0);
  });
});

describe("token-rejection streaks (docs/architecture.md section 5, Never silent)", () => {
  it("counts rejections under the lease in the target's hash, pauses it, and a successful commit clears both", async () => {
    const { store } = setup();
    const [target] = targetsIn(3, 1);
    await store.add(target!, { subscriber: "C1", group: "tok" }, T);

    const [first] = await store.claim(3, T, LEASE, 10, "w1");
    expect(await store.recordRejection(target!, first!.leaseToken, T)).toEqual({
      count: 1,
      since: T,
      paused: null,
    });
    await store.commit(3, target!, first!.leaseToken, {
      now: T,
      nextDueAt: T + 1_000,
      failures: "increment",
    });
    // A lease no longer held counts nothing and pauses nothing.
    expect(await store.recordRejection(target!, first!.leaseToken, T + 1)).toBeNull();
    expect(await store.markPaused(target!, first!.leaseToken, "token_rejected")).toBe(false);

    const [second] = await store.claim(3, T + 1_000, LEASE, 10, "w2");
    expect(await store.recordRejection(target!, second!.leaseToken, T + 1_000)).toEqual({
      count: 2,
      since: T,
      paused: null,
    });
    expect(await store.markPaused(target!, second!.leaseToken, "token_rejected")).toBe(true);
    await store.commit(3, target!, second!.leaseToken, {
      now: T,
      nextDueAt: T + 2_000,
      failures: "increment",
    });
    expect(await store.inspect(target!)).toMatchObject({
      paused: "token_rejected",
      rejections: 2,
      failures: 2,
    });

    const [third] = await store.claim(3, T + 2_000, LEASE, 10, "w1");
    expect((await store.recordRejection(target!, third!.leaseToken, T + 2_000))?.paused).toBe(
      "token_rejected",
    );
    await store.commit(3, target!, third!.leaseToken, { now: T, nextDueAt: T + 3_000, failures: "reset" });
    expect(await store.inspect(target!)).toMatchObject({ paused: null, rejections: 0, failures: 0 });

    const [fourth] = await store.claim(3, T + 3_000, LEASE, 10, "w1");
    expect(await store.recordRejection(target!, fourth!.leaseToken, T + 3_000)).toEqual({
      count: 1,
      since: T + 3_000,
      paused: null,
    });
  });
});
