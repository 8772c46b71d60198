import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../../src/lib/logger";
import {
  directHashReads,
  type HashReads,
  hashReadsFor,
  TrackedHashReads,
} from "../../../src/store/tracked-hash-reads";
import { dropConnections, namedRedis, onCluster, testRedis } from "../../support/redis";
import { eventually } from "../../support/wait-for";

const { redis, prefix } = testRedis();
const opened: (HashReads | { disconnect(): void })[] = [];
afterEach(async () => {
  for (const item of opened.splice(0)) {
    if ("close" in item) await item.close();
    else item.disconnect();
  }
});

let n = 0;
const keyOf = () => `${prefix}h:${++n}`;

function tracked(base: Redis = redis as Redis): TrackedHashReads {
  const reads = new TrackedHashReads(base, { logger: silentLogger });
  opened.push(reads);
  return reads;
}

const on = (reads: TrackedHashReads) => eventually(async () => reads.active || undefined);

/** Tracked reads whose connections carry a name of their own (dropConnections), one key read and kept. */
async function keptOnNamedConnections() {
  const name = `tracked-${randomBytes(4).toString("hex")}`;
  const admin = redis as Redis;
  const base = namedRedis(name) as Redis;
  opened.push(base);
  const reads = tracked(base);
  await on(reads);
  const key = keyOf();
  await admin.hset(key, "token", "old");
  await reads.read(key);
  expect(reads.size).toBe(1);
  return { name, admin, reads, key };
}

// Skipped in the cluster project: on a Cluster links are read directly (hashReadsFor), nothing is tracked.
describe.skipIf(onCluster())("TrackedHashReads (one Redis)", () => {
  it("keeps a hash until another connection changes it, then reads the change", async () => {
    const reads = tracked();
    await on(reads);
    const key = keyOf();
    await redis.hset(key, { profile: "a", token: "t1" });

    expect(await reads.read(key)).toEqual({ profile: "a", token: "t1" });
    expect(await reads.read(key)).toEqual({ profile: "a", token: "t1" });
    expect(reads.readsSent).toBe(1);

    // Another replica (here the test's own connection) writes: Redis tells, the next read is fresh.
    await redis.hset(key, "token", "t2");
    await eventually(async () => reads.size === 0 || undefined);
    expect(await reads.read(key)).toEqual({ profile: "a", token: "t2" });
    expect(reads.readsSent).toBe(2);
  });

  it("forgets a deleted or expiring hash", async () => {
    const reads = tracked();
    await on(reads);
    const deleted = keyOf();
    const expiring = keyOf();
    await redis.hset(deleted, "profile", "a");
    await redis.hset(expiring, "profile", "b");
    await reads.read(deleted);
    await reads.read(expiring);
    expect(reads.size).toBe(2);

    await redis.del(deleted);
    await eventually(async () => reads.size === 0 || undefined);
    expect(await reads.read(deleted)).toEqual({});
    await reads.read(expiring);
    await redis.pexpire(expiring, 20);
    await eventually(async () => (await redis.exists(expiring)) === 0 || undefined);
    // An expired key is invalidated when Redis notices it (a read or its active expiry cycle).
    expect(await reads.read(expiring)).toEqual({});
    expect(await reads.read(deleted)).toEqual({});
    expect(reads.size).toBe(0);
  });

  it("never keeps a read that a write of this process overtook, and reads after its own write afresh", async () => {
    const reads = tracked();
    await on(reads);
    const key = keyOf();
    await redis.hset(key, "active", "1");

    const racing = reads.read(key);
    await reads.writing([key], () => redis.hset(key, "active", "2"));
    await racing;
    expect(reads.size).toBe(0);

    expect(await reads.read(key)).toEqual({ active: "2" });
    // A read that Redis answers before the write runs, once the write has begun: not kept past the write.
    await reads.writing([key], async () => {
      expect(await reads.read(key)).toEqual({ active: "2" });
      await redis.hset(key, "active", "2b");
    });
    expect(await reads.read(key)).toEqual({ active: "2b" });
    // Straight after its own write, without waiting for Redis's message: the write's own key is dropped.
    await reads.writing([key], () => redis.hset(key, "active", "3"));
    expect(await reads.read(key)).toEqual({ active: "3" });
  });

  it("keeps nothing while a connection is lost, and a change made meanwhile is read once it is back", async () => {
    const { name, admin, reads, key } = await keptOnNamedConnections();

    expect(await dropConnections(admin, name)).toBeGreaterThanOrEqual(2);
    await eventually(async () => !reads.active || undefined);
    expect(reads.size).toBe(0);
    // Written while the subscriber that would have been told was gone.
    await admin.hset(key, "token", "new");

    await on(reads);
    expect(await reads.read(key)).toEqual({ token: "new" });
    expect(await reads.read(key)).toEqual({ token: "new" });
    const sent = reads.readsSent;
    await admin.hset(key, "token", "newer");
    await eventually(async () => reads.size === 0 || undefined);
    expect(await reads.read(key)).toEqual({ token: "newer" });
    expect(reads.readsSent).toBe(sent + 1);
  });

  it.each(["reader", "subscriber"] as const)(
    "drops what it kept when its %s connection alone is lost, so a change made meanwhile is read",
    async (which) => {
      const { name, admin, reads, key } = await keptOnNamedConnections();

      // The subscriber's last command is SUBSCRIBE; the reader's is HGETALL.
      const lastCommand = which === "subscriber" ? "subscribe" : "hgetall";
      expect(await dropConnections(admin, name, lastCommand), `the ${which} connection alone`).toBe(1);
      // Written while that connection was gone: no one is told.
      await admin.hset(key, "token", "new");
      await eventually(async () => (reads.size === 0 && reads.active) || undefined);
      expect(await reads.read(key)).toEqual({ token: "new" });
    },
  );

  it("reads through Redis every time, with a warning, where Redis refuses tracking", async () => {
    const user = `tracked-${randomBytes(4).toString("hex")}`;
    const admin = redis as Redis;
    await admin.acl("SETUSER", user, "on", ">pw", "~*", "&*", "+@all", "-client");
    try {
      const base = new Redis({
        host: admin.options.host,
        port: admin.options.port,
        username: user,
        password: "pw",
        maxRetriesPerRequest: 3,
      });
      opened.push(base);
      const warnings: string[] = [];
      const logger = pino(
        { level: "warn" },
        { write: (line: string) => warnings.push(String(JSON.parse(line).msg)) },
      );
      const reads = new TrackedHashReads(base, { logger });
      opened.push(reads);
      await eventually(async () => warnings.find((w) => w.includes("CLIENT TRACKING")));
      const key = keyOf();
      await admin.hset(key, "profile", "a");
      expect(await reads.read(key)).toEqual({ profile: "a" });
      expect(await reads.read(key)).toEqual({ profile: "a" });
      expect(reads.readsSent).toBe(2);
      expect(reads.active).toBe(false);
    } finally {
      await admin.acl("DELUSER", user);
    }
  });
});

describe("hashReadsFor", () => {
  it("tracks reads on one Redis and reads a Cluster directly", async () => {
    const reads = hashReadsFor(redis, silentLogger);
    opened.push(reads);
    expect(reads instanceof TrackedHashReads).toBe(!onCluster());
    const key = keyOf();
    await redis.hset(key, "profile", "a");
    expect(await reads.read(key)).toEqual({ profile: "a" });
  });

  it("direct reads see every write at once", async () => {
    const reads = directHashReads(redis);
    const key = keyOf();
    await redis.hset(key, "profile", "a");
    expect(await reads.read(key)).toEqual({ profile: "a" });
    await redis.hset(key, "profile", "b");
    expect(await reads.read(key)).toEqual({ profile: "b" });
  });
});
