import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { UserRef } from "../../../src/domain/workspace-ref";
import { fixedClock } from "../../../src/lib/clock";
import { keyspace } from "../../../src/store/keys";
import {
  InvalidPendingActionError,
  PENDING_ACTION_TTL_MS,
  type PendingAction,
  PendingActionStore,
} from "../../../src/store/pending-action-store";
import { testRedis } from "../../support/redis";
import { rawValues } from "./raw-values";

const { redis, prefix } = testRedis();
const clock = fixedClock("2026-03-01T12:00:00Z");

let n = 0;
let keys = keyspace(prefix);
let store = new PendingActionStore({ redis, keys, clock });
beforeEach(() => {
  keys = keyspace(`${prefix}${++n}:`);
  store = new PendingActionStore({ redis, keys, clock });
});

const ada: UserRef = { teamId: "T1", userId: "U1" };
const ack: PendingAction = {
  kind: "acknowledge",
  apiTeamId: "1",
  incidentId: "42",
  channelId: "C1",
  messageTs: "1700000000.000100",
};

describe("PendingActionStore", () => {
  it("keeps an action for an hour and hands it out once", async () => {
    await store.put(ada, ack);
    const ttl = await redis.pttl(keys.pendingAction("T:T1", "U1"));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(PENDING_ACTION_TTL_MS);
    expect(await redis.pttl(keys.pendingIndex("T:T1"))).toBeGreaterThan(0);

    const [first, second] = await Promise.all([store.take(ada), store.take(ada)]);
    expect([first, second].filter(Boolean)).toEqual([{ action: ack, createdAt: clock.now() }]);
    expect(await store.take(ada)).toBeNull();
  });

  it("forgets an action once its TTL has passed", async () => {
    const shortLived = new PendingActionStore({ redis, keys, ttlMs: 30 });
    await shortLived.put(ada, ack);
    await vi.waitFor(async () => expect(await redis.exists(keys.pendingAction("T:T1", "U1"))).toBe(0), {
      timeout: 5000,
      interval: 20,
    });
    expect(await shortLived.take(ada)).toBeNull();
  });

  it("keeps one action per user (the newest) and users apart", async () => {
    await store.put(ada, ack);
    await store.put(ada, { ...ack, incidentId: "43" });
    await store.put({ teamId: "T2", userId: "U1" }, { ...ack, incidentId: "44" });
    await store.put({ isEnterpriseInstall: true, enterpriseId: "E1", teamId: "T1", userId: "U1" }, ack);
    expect((await store.take(ada))?.action.incidentId).toBe("43");
    expect((await store.take({ teamId: "T2", userId: "U1" }))?.action.incidentId).toBe("44");
    expect(await store.take({ teamId: "T3", userId: "U1" })).toBeNull();
  });

  it("refuses an invalid action with a typed error", async () => {
    await expect(store.put(ada, { kind: "acknowledge" } as unknown as PendingAction)).rejects.toBeInstanceOf(
      InvalidPendingActionError,
    );
    expect(await rawValues(redis, keys.prefix)).toEqual(new Map());
  });

  it("accepts a wider action codec from the caller, and drops entries it cannot read", async () => {
    const codec = z.object({ kind: z.literal("subscribe"), channelId: z.string() });
    const custom = new PendingActionStore({ redis, keys, clock, codec });
    await custom.put(ada, { kind: "subscribe", channelId: "C9" });
    expect((await custom.take(ada))?.action).toEqual({ kind: "subscribe", channelId: "C9" });
    await custom.put(ada, { kind: "subscribe", channelId: "C9" });
    expect(await store.take(ada)).toBeNull(); // the default codec does not know "subscribe"
    expect(await redis.exists(keys.pendingAction("T:T1", "U1"))).toBe(0);
  });

  it("deletes the actions of a workspace or of named users", async () => {
    for (const userId of ["U1", "U2", "U3"]) await store.put({ teamId: "T1", userId }, ack);
    await store.put({ teamId: "T2", userId: "U1" }, ack);
    expect(await store.deleteUsers({ teamId: "T1" }, ["U2"])).toBe(1);
    expect(await store.take({ teamId: "T1", userId: "U2" })).toBeNull();
    expect(await store.deleteWorkspace({ teamId: "T1" })).toBe(2);
    expect(await store.take(ada)).toBeNull();
    expect(await store.take({ teamId: "T2", userId: "U1" })).not.toBeNull();
    expect(await rawValues(redis, keys.prefix)).toEqual(new Map());
  });
});
