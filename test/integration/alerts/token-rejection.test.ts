import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import { type RunningSimulator, startSimulator } from "../../../dev/simulator/index";
import { addPollTarget, pollTargetName } from "../../../src/alerts/engine/poll/poll-target";
import { PollWorker } from "../../../src/alerts/engine/poll/poll-worker";
import { rejectionPolicy } from "../../../src/alerts/engine/poll/token-rejection";
import { POLL_DETECTORS } from "../../../src/alerts/kinds/registry";
import { createPrometheusMetrics } from "../../../src/alerts/prometheus-metrics";
import { pollHooks } from "../../../src/alerts/subscriptions/poll-hooks";
import { SubscriptionPauses } from "../../../src/alerts/subscriptions/subscription-pauses";
import type { UserRef } from "../../../src/domain/workspace-ref";
import { fixedClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import { WebApiPoster } from "../../../src/slack/web-api-poster";
import { generateKey } from "../../../src/store/crypto/encryption-keys";
import { TokenCipher } from "../../../src/store/crypto/token-cipher";
import { keyspace } from "../../../src/store/keys";
import { LinkStore } from "../../../src/store/link-store";
import { PollTargetStore } from "../../../src/store/poll-target-store";
import { SubscriptionStore } from "../../../src/store/subscription-store";
import { UptimeClient } from "../../../src/uptime";
import { testRedis } from "../../support/redis";
import { quietLogger } from "../fake-slack/quiet-logger";
import { startSlack, WS } from "./harness";

/**
 * "Never silent" (docs/architecture.md section 5) with real parts: the simulator (its faults answer 401/403 to one
 * token), Redis, the fake Slack, and the real poll worker, hooks and pause path. Time is a fixed clock
 * that the test moves to each target's due time, so the 2-minute and 5-minute windows are the real ones.
 */

const OWNER = "demo-owner-token";
const MEMBER = "demo-member-token";
const START = Date.parse("2026-03-10T12:00:00Z");
const alice: UserRef = { ...WS, userId: "U0ALICE" };
const bob: UserRef = { ...WS, userId: "U0BOB" };

let sim: RunningSimulator;
let client: UptimeClient;
let fake: FakeSlack;
const clock = fixedClock(START);

beforeAll(async () => {
  sim = await startSimulator({ seed: "demo", clock, autoChecks: false });
  client = new UptimeClient({ baseUrl: sim.url, retry: { retries: 0 } });
  fake = await startSlack();
});

afterAll(async () => {
  await client.close();
  await sim.close();
  await fake.close();
});

beforeEach(() => {
  clock.set(START);
  sim.control.reset();
  sim.control.seedDemo();
});

function dmsTo(user: string): string[] {
  const im = [...fake.state.conversations.values()].find((c) => c.isIm && c.imUser === user);
  return (im?.messages ?? []).map((m) => m.text);
}

function notesIn(channel: string): string[] {
  return fake.state.channelMessages(channel).map((m) => m.text);
}

function setup() {
  const { redis, prefix } = testRedis();
  const keys = keyspace(prefix);
  const scheduler = new PollTargetStore({ redis, keys, shards: 2 });
  const subscriptions = new SubscriptionStore({ redis, keys, clock });
  const links = new LinkStore({ redis, keys, cipher: TokenCipher.fromSetting(generateKey()), clock });
  const poster = WebApiPoster.fromToken(fake.config.botToken, {
    slackApiUrl: fake.apiUrl,
    logger: quietLogger(),
  });
  const pauses = new SubscriptionPauses({ subscriptions, links, posterFor: () => poster });
  const pollTargets = {
    add: (input: Parameters<typeof addPollTarget>[1], now: number) => addPollTarget(scheduler, input, now),
    remove: (target: string, subscriber: string) => scheduler.remove(target, subscriber),
  };
  const hooks = pollHooks({
    links,
    subscriptions,
    pauses,
    pollTargets,
    forget: async () => {},
    posterFor: () => poster,
    client,
    clock,
    logger: silentLogger,
  });
  /** A replica: its own worker on the same Redis. */
  const replica = () =>
    new PollWorker({
      scheduler,
      client,
      resolveToken: hooks.resolveToken,
      hooks,
      detectors: POLL_DETECTORS,
      clock,
      pollIntervalMs: 5_000,
      leaseMs: 20_000,
      random: () => 0.5,
      rejections: rejectionPolicy(),
    });
  const workers = [replica(), replica()];

  async function link(ref: UserRef, token: string) {
    await links.save(ref, token, {
      apiUserId: ref === alice ? "1" : "2",
      apiUserName: ref.userId,
      teams: [{ id: "1", name: "Acme Production", role: "owner" }],
    });
  }

  async function subscribe(ref: UserRef, token: string, channelId: string, personal = false) {
    const { subscription } = await subscriptions.create({
      ...(personal ? { personal: { quiet: null } } : {}),
      workspace: WS,
      channelId,
      apiTeamId: "1",
      filters: { monitors: [], groups: [] },
      mention: null,
      subscriber: { userId: ref.userId, apiUserId: "1" },
      target: pollTargetName("1", token),
    });
    await pollTargets.add({ apiTeamId: "1", token, tokenRef: ref, subscriber: subscription.id }, clock.now());
    return subscription;
  }

  /** Moves the clock to the target's due time and lets both replicas sweep (only one gets the claim). */
  async function pollDue(target: string) {
    const info = await scheduler.inspect(target);
    if (!info?.dueAt) throw new Error(`${target} is not scheduled`);
    clock.set(Math.max(clock.now(), info.dueAt));
    const results = await Promise.all(workers.map((w) => w.sweep()));
    return results.flat().filter((r) => r.target === target);
  }

  const metrics = createPrometheusMetrics({
    processMetrics: false,
    samplePaused: () => subscriptions.pausedByReason(),
  });

  return { redis, keys, scheduler, subscriptions, links, link, subscribe, pollDue, metrics };
}

describe("token rejections are not verdicts", () => {
  it("a login layer answering 401 to the poll calls only (GET /users/me passes) never pauses", async () => {
    const s = setup();
    await s.link(alice, OWNER);
    const sub = await s.subscribe(alice, OWNER, "C0ALERTS");
    await s.pollDue(sub.target); // baseline
    const notesBefore = notesIn("C0ALERTS").length;
    const dmsBefore = dmsTo("U0ALICE").length;

    sim.control.setFault({ status: 401, token: OWNER, path: "/teams/1/checks" });
    for (let i = 0; i < 8; i++) {
      expect((await s.pollDue(sub.target)).map((r) => r.errorKind)).toEqual(["unauthorized"]);
    }
    const streak = await s.scheduler.inspect(sub.target);
    expect(streak!.rejections).toBe(8);
    expect(clock.now() - START).toBeGreaterThan(2 * 60_000);
    // Checked (GET /users/me answered 200): not confirmed, nothing paused, the token kept.
    expect(streak!.paused).toBeNull();
    expect((await s.subscriptions.get(sub.id))!.paused).toBeNull();
    expect(await s.links.getToken(alice)).toBe(OWNER);
    expect(notesIn("C0ALERTS")).toHaveLength(notesBefore);
    expect(dmsTo("U0ALICE")).toHaveLength(dmsBefore);

    sim.control.clearFaults();
    // Incidents are read again (more than 30 s passed), with nothing to announce.
    expect((await s.pollDue(sub.target)).map((r) => [r.outcome, r.events])).toEqual([["diffed", 0]]);
    expect((await s.scheduler.inspect(sub.target))!.rejections).toBe(0);
  });

  it("a revoked token pauses after 3 polls over 2 minutes, once across replicas, drops the token, and resumes by itself", async () => {
    const s = setup();
    await s.link(alice, OWNER);
    const a = await s.subscribe(alice, OWNER, "C0ALERTS");
    const b = await s.subscribe(alice, OWNER, "C0OPS");
    expect(b.target).toBe(a.target);
    await s.pollDue(a.target);
    const before = {
      alerts: notesIn("C0ALERTS").length,
      ops: notesIn("C0OPS").length,
      dms: dmsTo("U0ALICE").length,
    };

    sim.control.setFault({ status: 401, token: OWNER });
    const started = clock.now();
    // Three rejected polls come well within 2 minutes: still nobody is paused.
    for (let i = 0; i < 3; i++) await s.pollDue(a.target);
    expect(clock.now() - started).toBeLessThan(2 * 60_000);
    expect((await s.subscriptions.get(a.id))!.paused).toBeNull();
    while (!(await s.scheduler.inspect(a.target))!.paused) {
      await s.pollDue(a.target);
      expect(clock.now() - started).toBeLessThan(10 * 60_000);
    }
    expect(clock.now() - started).toBeGreaterThanOrEqual(2 * 60_000);
    const pausedAt = clock.now();
    const target = await s.scheduler.inspect(a.target);
    expect(target!.paused).toBe("token_rejected");
    expect(target!.dueAt).toBe(pausedAt + 5 * 60_000);
    for (const sub of [a, b]) {
      expect((await s.subscriptions.get(sub.id))!.paused).toMatchObject({
        reason: "token_rejected",
        notified: true,
      });
    }
    // GET /users/me confirmed the 401: the token is dropped (the link turns stale).
    expect(await s.links.getToken(alice)).toBeNull();
    expect((await s.links.get(alice))!.stale).toBe(true);
    const metrics = (await s.metrics.renderMetrics()).body;
    expect(metrics).toContain('uptime_chatops_subscriptions_paused{reason="token_rejected"} 2');

    // Re-checked every 5 minutes; still rejected: nobody is told again.
    await s.pollDue(a.target);
    expect(clock.now()).toBe(pausedAt + 5 * 60_000);
    expect((await s.scheduler.inspect(a.target))!.dueAt).toBe(clock.now() + 5 * 60_000);
    const pausedNotes = notesIn("C0ALERTS").slice(before.alerts);
    expect(pausedNotes).toHaveLength(1);
    expect(pausedNotes[0]).toContain("paused");
    expect(notesIn("C0OPS").slice(before.ops)).toHaveLength(1);
    const pausedDms = dmsTo("U0ALICE").slice(before.dms);
    expect(pausedDms).toHaveLength(2);
    expect(pausedDms.join("\n")).toContain("`/uptime login`");

    // The subscriber logs in again (same token, accepted again): the next re-check resumes by itself.
    sim.control.clearFaults();
    await s.link(alice, OWNER);
    await s.pollDue(a.target);
    expect(clock.now()).toBe(pausedAt + 10 * 60_000);
    for (const sub of [a, b]) expect((await s.subscriptions.get(sub.id))!.paused).toBeNull();
    const info = await s.scheduler.inspect(a.target);
    expect(info!.paused).toBeNull();
    expect(info!.rejections).toBe(0);
    expect(notesIn("C0ALERTS").slice(before.alerts).at(-1)).toContain("back on");
    expect(notesIn("C0ALERTS").slice(before.alerts)).toHaveLength(2);
    expect(notesIn("C0OPS").slice(before.ops)).toHaveLength(2);
    expect(dmsTo("U0ALICE").slice(before.dms)).toHaveLength(4);
    expect(dmsTo("U0ALICE").at(-1)).toContain("back on");
    expect((await s.metrics.renderMetrics()).body).not.toContain('reason="token_rejected"} 2');

    // Polled again: resumed once only.
    await s.pollDue(a.target);
    expect(dmsTo("U0ALICE").slice(before.dms)).toHaveLength(4);
  });

  it("a team the token no longer reads (403, confirmed by GET /teams/{id}) pauses, keeps the token, resumes when readable", async () => {
    const s = setup();
    await s.link(alice, OWNER);
    const a = await s.subscribe(alice, OWNER, "C0ALERTS");
    await s.pollDue(a.target);
    const dmsBefore = dmsTo("U0ALICE").length;

    sim.control.setFault({ status: 403, token: OWNER, path: "/teams/1" });
    while (!(await s.scheduler.inspect(a.target))!.paused) {
      expect((await s.pollDue(a.target)).map((r) => r.errorKind)).toEqual(["no_access"]);
      expect(clock.now() - START).toBeLessThan(10 * 60_000);
    }
    expect((await s.subscriptions.get(a.id))!.paused?.reason).toBe("team_access_lost");
    expect(await s.links.getToken(alice)).toBe(OWNER);
    expect(dmsTo("U0ALICE").slice(dmsBefore)).toEqual([
      expect.stringContaining("can no longer read that team"),
    ]);

    sim.control.clearFaults();
    await s.pollDue(a.target);
    expect((await s.subscriptions.get(a.id))!.paused).toBeNull();
    expect(dmsTo("U0ALICE").slice(dmsBefore)).toHaveLength(2);
  });

  it("another subscriber's token of the same team takes the subscriptions over instead of pausing", async () => {
    const s = setup();
    await s.link(alice, OWNER);
    await s.link(bob, MEMBER);
    const a = await s.subscribe(alice, OWNER, "C0ALERTS");
    const b = await s.subscribe(bob, MEMBER, "C0OPS");
    expect(b.target).not.toBe(a.target);
    await s.pollDue(a.target);
    await s.pollDue(b.target);
    const dmsBefore = dmsTo("U0ALICE").length;
    const notesBefore = notesIn("C0ALERTS").length;

    sim.control.setFault({ status: 401, token: OWNER });
    while (await s.scheduler.has(a.target)) {
      await s.pollDue(a.target);
      expect(clock.now() - START).toBeLessThan(10 * 60_000);
    }
    const moved = await s.subscriptions.get(a.id);
    expect(moved!.target).toBe(b.target);
    expect(moved!.paused).toBeNull();
    expect((await s.scheduler.inspect(b.target))!.subscribers).toEqual([a.id, b.id].sort());
    // The confirmed 401 still drops Alice's token; nobody is paused, so nobody is told of a pause. The
    // channel and Bob, whose token now reads its alerts, are told once.
    expect(await s.links.getToken(alice)).toBeNull();
    expect(dmsTo("U0ALICE")).toHaveLength(dmsBefore);
    expect(notesIn("C0ALERTS").slice(notesBefore)).toEqual([
      expect.stringMatching(
        /now read with <@U0BOB>'s Uptime account: the Uptime API no longer accepts <@U0ALICE>/,
      ),
    ]);
    expect(dmsTo("U0BOB")).toEqual([expect.stringContaining("Your Uptime account now reads the alerts")]);

    // Bob's target now polls for both channels: an outage reaches the moved subscription's target.
    const incident = sim.control.fail(1, "HTTP 503");
    const polled = await s.pollDue(b.target);
    expect(polled.map((r) => r.events)).toEqual([1]);
    expect(incident).not.toBeNull();
  });

  it("a personal subscription never moves onto another's token: a 401 pauses it, a lost team ends it", async () => {
    const s = setup();
    await s.link(alice, OWNER);
    await s.link(bob, MEMBER);
    const dm = await s.subscribe(alice, OWNER, "D0ALICE", true);
    const channel = await s.subscribe(alice, OWNER, "C0ALERTS");
    await s.subscribe(bob, MEMBER, "C0OPS");
    expect(channel.target).toBe(dm.target);
    await s.pollDue(dm.target);
    const dmsBefore = dmsTo("U0ALICE").length;

    sim.control.setFault({ status: 401, token: OWNER });
    for (let i = 0; i < 20 && (await s.subscriptions.get(dm.id))?.paused == null; i++)
      await s.pollDue(dm.target);
    // The channel went to Bob's token; Alice's own alerts stayed hers, paused until she logs in again.
    expect((await s.subscriptions.get(channel.id))!.target).not.toBe(dm.target);
    const paused = await s.subscriptions.get(dm.id);
    expect(paused!.target).toBe(dm.target);
    expect(paused!.paused?.reason).toBe("token_rejected");
    expect(dmsTo("U0ALICE").slice(dmsBefore)).toEqual([
      expect.stringContaining("I paused your personal alerts"),
    ]);

    // Alice logs in again with a token that works: her own alerts resume with it, nobody else's.
    sim.control.clearFaults();
    await s.link(alice, OWNER);
    await s.pollDue(dm.target);
    expect((await s.subscriptions.get(dm.id))!.paused).toBeNull();

    // The API now refuses her the team (403): her personal alerts end, and she is told.
    sim.control.setFault({ status: 403, token: OWNER });
    for (let i = 0; i < 20 && (await s.subscriptions.get(dm.id)) !== null; i++) await s.pollDue(dm.target);
    expect(await s.subscriptions.get(dm.id)).toBeNull();
    expect(dmsTo("U0ALICE").at(-1)).toContain("I turned off your personal alerts");
  });
});
