import { describe, expect, it } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { AlertMessageStore, CHANNEL_INCIDENTS_MAX } from "../../../src/store/alert-message-store";
import { ChannelRateLimiter } from "../../../src/store/channel-rate-limiter";
import { keyspace } from "../../../src/store/keys";
import { InvalidMuteError, MuteStore } from "../../../src/store/mute-store";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import { subscriptionCleanupParticipant } from "../../../src/store/subscription-cleanup";
import {
  InvalidSubscriptionError,
  type NewSubscription,
  SubscriptionStore,
} from "../../../src/store/subscription-store";
import { WorkspaceCleanup } from "../../../src/store/workspace-cleanup";
import { testRedis } from "../../support/redis";

const { redis, prefix } = testRedis();
let n = 0;
const fresh = () => keyspace(`${prefix}${++n}:`);
const WS = { teamId: "T1" };

function input(overrides: Partial<NewSubscription> = {}): NewSubscription {
  return {
    workspace: WS,
    channelId: "C1",
    apiTeamId: "12",
    filters: { monitors: [], groups: [] },
    mention: null,
    subscriber: { userId: "U1", apiUserId: "5" },
    target: "team:12:abc",
    ...overrides,
  };
}

describe("SubscriptionStore", () => {
  it("creates one subscription per (channel, team, filters); the same again updates the mention", async () => {
    const store = new SubscriptionStore({ redis, keys: fresh() });
    const first = await store.create(input({ filters: { monitors: ["2", "1"], groups: [] } }));
    expect(first.created).toBe(true);
    const again = await store.create(
      input({ filters: { monitors: ["1", "2", "1"], groups: [] }, mention: { kind: "here" } }),
    );
    expect(again).toMatchObject({
      created: false,
      subscription: { id: first.subscription.id, mention: { kind: "here" } },
    });
    await store.create(input({ channelId: "C2" }));
    await store.create(
      input({ filters: { monitors: [], groups: ["shop"] }, subscriber: { userId: "U2", apiUserId: "6" } }),
    );

    expect((await store.listByChannel(WS, "C1")).map((s) => s.filters)).toHaveLength(2);
    expect(await store.listByTarget("team:12:abc")).toHaveLength(3);
    expect(await store.listBySubscriber(WS, "U1")).toHaveLength(2);
    await expect(store.create(input({ channelId: "bad channel" }))).rejects.toThrow(InvalidSubscriptionError);
  });

  it("deletes by id, record and index entries", async () => {
    const store = new SubscriptionStore({ redis, keys: fresh() });
    const a = (await store.create(input())).subscription;
    const b = (await store.create(input({ channelId: "C2" }))).subscription;
    const c = (await store.create(input({ channelId: "C3", target: "team:12:other" }))).subscription;
    expect((await store.delete(a.id)).deleted).toEqual([a]);
    expect(await store.listByTarget("team:12:abc")).toEqual([b]);
    expect((await store.delete(b.id)).deleted).toEqual([b]);
    expect((await store.delete(c.id)).deleted).toEqual([c]);
    expect(await store.listByTarget("team:12:abc")).toEqual([]);
    expect(await store.listBySubscriber(WS, "U1")).toEqual([]);
    expect((await store.delete(a.id)).deleted).toEqual([]);
  });

  it("pauses once (true only the first time), and a re-subscribe resumes", async () => {
    const store = new SubscriptionStore({ redis, keys: fresh() });
    const { subscription } = await store.create(input());
    const results = await Promise.all([
      store.pause(subscription.id, "not_in_channel"),
      store.pause(subscription.id, "is_archived"),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.get(subscription.id))?.paused).toMatchObject({
      reason: "not_in_channel",
      notified: false,
    });
    await store.markPauseNotified(subscription.id);
    expect((await store.get(subscription.id))?.paused?.notified).toBe(true);
    expect(await store.pause("missing", "is_archived")).toBe(false);
    expect(await store.pausedByReason()).toEqual(new Map([["not_in_channel", 1]]));
    await store.create(input({ mention: { kind: "channel" } }));
    expect((await store.get(subscription.id))?.paused).toBeNull();
    expect(await store.pausedByReason()).toEqual(new Map());
    expect(await store.pause(subscription.id, "is_archived")).toBe(true);
  });

  it("resumes only a pause of the given reasons, once; counts pauses by reason", async () => {
    const store = new SubscriptionStore({ redis, keys: fresh() });
    const a = (await store.create(input())).subscription;
    const b = (await store.create(input({ channelId: "C2" }))).subscription;
    expect(await store.pause(a.id, "token_rejected")).toBe(true);
    expect(await store.pause(b.id, "not_in_channel")).toBe(true);
    expect(await store.pausedByReason()).toEqual(
      new Map([
        ["token_rejected", 1],
        ["not_in_channel", 1],
      ]),
    );
    const tokenReasons = ["token_rejected", "team_access_lost"] as const;
    // A working token does not reopen a channel the app cannot post in.
    expect(await store.resume(b.id, tokenReasons)).toBe(false);
    expect((await store.get(b.id))?.paused?.reason).toBe("not_in_channel");
    const resumed = await Promise.all([store.resume(a.id, tokenReasons), store.resume(a.id, tokenReasons)]);
    expect(resumed.filter(Boolean)).toHaveLength(1);
    expect((await store.get(a.id))?.paused).toBeNull();
    expect(await store.pausedByReason()).toEqual(new Map([["not_in_channel", 1]]));
    await store.delete(b.id);
    expect(await store.pausedByReason()).toEqual(new Map());
  });

  it("moves a subscription onto another poll target, index included", async () => {
    const store = new SubscriptionStore({ redis, keys: fresh() });
    const a = (await store.create(input())).subscription;
    expect(await store.moveTarget(a.id, "team:12:other")).toBe(true);
    expect((await store.get(a.id))?.target).toBe("team:12:other");
    expect(await store.listByTarget("team:12:abc")).toEqual([]);
    expect((await store.listByTarget("team:12:other")).map((s) => s.id)).toEqual([a.id]);
    expect((await store.listByWorkspace(WS)).map((s) => s.id)).toEqual([a.id]);
    expect(await store.moveTarget("missing", "team:12:other")).toBe(false);
  });

  it("the cleanup participant drops the workspace's subscriptions and their scheduler targets", async () => {
    const keys = fresh();
    const store = new SubscriptionStore({ redis, keys });
    const scheduler = new PollTargetStore({ redis, keys, shards: 2 });
    const { subscription } = await store.create(input());
    await store.create(input({ workspace: { teamId: "T2" } }));
    await scheduler.add(subscription.target, { subscriber: subscription.id, group: "abc" }, 0);
    const cleanup = new WorkspaceCleanup([
      subscriptionCleanupParticipant({ subscriptions: store, scheduler }),
    ]);
    await cleanup.appUninstalled(WS);
    expect(await store.listByChannel(WS, "C1")).toEqual([]);
    expect(await store.listByChannel({ teamId: "T2" }, "C1")).toHaveLength(1);
    expect(await scheduler.has(subscription.target)).toBe(false);
  });
});

describe("MuteStore, ChannelRateLimiter and the channel lock", () => {
  it("mutes a monitor in a channel until a time", async () => {
    const clock = fixedClock("2026-03-02T10:00:00Z");
    const mutes = new MuteStore({ redis, keys: fresh(), clock });
    expect(await mutes.mutedUntil(WS, "C1", "7")).toBeNull();
    const until = await mutes.muteFor(WS, "C1", "7", 4);
    expect(until).toBe(clock.now() + 4 * 3_600_000);
    expect(await mutes.mutedUntil(WS, "C1", "7")).toBe(until);
    expect(await mutes.mutedUntil(WS, "C2", "7")).toBeNull();
    clock.advance(4 * 3_600_000);
    expect(await mutes.mutedUntil(WS, "C1", "7")).toBeNull();
    await expect(mutes.mute(WS, "C1", "7", clock.now() - 1)).rejects.toThrow(InvalidMuteError);
  });

  it("remembers who muted what, lists a channel's live mutes and lifts one", async () => {
    const clock = fixedClock("2026-03-02T10:00:00Z");
    const keys = fresh();
    const mutes = new MuteStore({ redis, keys, clock });
    const info = { by: "U9", monitorName: "api-eu", apiTeamId: "12" };
    const short = await mutes.muteFor(WS, "C1", "7", 1, info);
    const long = await mutes.muteFor(WS, "C1", "8", 24);
    await mutes.muteFor(WS, "C2", "7", 4);
    expect(await mutes.get(WS, "C1", "7")).toEqual({ monitorId: "7", until: short, ...info });
    expect(await mutes.listChannel(WS, "C1")).toEqual([
      { monitorId: "7", until: short, ...info },
      { monitorId: "8", until: long, by: null, monitorName: null, apiTeamId: null },
    ]);
    // The key lives as long as its longest mute, whatever the order of the writes.
    const ttl = await redis.pttl(keys.channelMutes("T:T1", "C1"));
    expect(ttl).toBeGreaterThan(23 * 3_600_000);

    clock.advance(2 * 3_600_000);
    expect((await mutes.listChannel(WS, "C1")).map((m) => m.monitorId)).toEqual(["8"]);
    // The ended mute was pruned from the hash.
    expect(await redis.hkeys(keys.channelMutes("T:T1", "C1"))).toEqual(["8"]);

    expect(await mutes.unmute(WS, "C1", "8")).toMatchObject({ monitorId: "8", until: long });
    expect(await mutes.unmute(WS, "C1", "8")).toBeNull();
    expect(await mutes.mutedUntil(WS, "C1", "8")).toBeNull();
    expect(await mutes.mutedUntil(WS, "C2", "7")).not.toBeNull();
  });

  it("reads an unreadable mute record as no mute", async () => {
    const keys = fresh();
    const mutes = new MuteStore({ redis, keys });
    await redis.hset(keys.channelMutes("T:T1", "C1"), "7", "{not json", "8", JSON.stringify({ v: 9 }));
    expect(await mutes.get(WS, "C1", "7")).toBeNull();
    expect(await mutes.listChannel(WS, "C1")).toEqual([]);
  });

  it("hands out one slot per interval per channel, across callers", async () => {
    const keys = fresh();
    const one = new ChannelRateLimiter({ redis, keys, slotMs: 1000 });
    const two = new ChannelRateLimiter({ redis, keys, slotMs: 1000 });
    const delays = [await one.reserve(WS, "C1"), await two.reserve(WS, "C1"), await one.reserve(WS, "C1")];
    expect(delays[0]).toBe(0);
    // The second and third callers wait for the next slots: about 1 s and 2 s from now.
    expect(delays[1]).toBeGreaterThan(0);
    expect(delays[1]).toBeLessThanOrEqual(1000);
    expect(delays[2]! - delays[1]!).toBeGreaterThanOrEqual(1000 - 50);
    expect(await two.reserve(WS, "C2")).toBe(0);
  });

  it("remembers a channel's latest alerted incidents, newest first, each once and at most a picker's worth", async () => {
    const store = new AlertMessageStore({ redis, keys: fresh() });
    await store.addIncidentChannel(WS, "1", "C1", "sub-1");
    await new Promise((resolve) => setTimeout(resolve, 2));
    await store.addIncidentChannel(WS, "2", "C1", "sub-1");
    // A redelivery keeps the incident's place; another channel is another list.
    await store.addIncidentChannel(WS, "1", "C1", "sub-1");
    await store.addIncidentChannel(WS, "3", "C2", "sub-2");
    expect(await store.channelIncidents(WS, "C1")).toEqual(["2", "1"]);
    expect(await store.channelIncidents(WS, "C2")).toEqual(["3"]);
    for (let i = 10; i < 10 + CHANNEL_INCIDENTS_MAX; i++)
      await store.addIncidentChannel(WS, String(i), "C1", "s");
    const kept = await store.channelIncidents(WS, "C1");
    expect(kept).toHaveLength(CHANNEL_INCIDENTS_MAX);
    expect(kept).not.toContain("1");
  });

  it("locks a channel for one holder at a time", async () => {
    const store = new AlertMessageStore({ redis, keys: fresh() });
    const lock = await store.lockChannel(WS, "C1", 5000);
    expect(lock).not.toBeNull();
    expect(await store.lockChannel(WS, "C1", 5000)).toBeNull();
    expect(await lock!.extend()).toBe(true);
    await lock!.release();
    const next = await store.lockChannel(WS, "C1", 5000);
    expect(next).not.toBeNull();
    expect(await lock!.extend()).toBe(false);
    await next!.release();
  });
});
