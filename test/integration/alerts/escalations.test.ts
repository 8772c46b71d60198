// `--escalate <N>m` (issue 15) through the real parts: the alert delivery schedules a one-shot on Redis when
// it posts a root, the schedule workers race to fire it, and the delivery worker posts one broadcast thread
// reply to the fake Slack, unless the incident was acknowledged or recovered first.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import { ALERT_EVENT_TYPE, ESCALATION_EVENT_TYPE } from "../../../src/alerts/engine/alert-metadata";
import { scheduleTarget } from "../../../src/alerts/engine/schedules/schedule-targets";
import { ScheduleWorker } from "../../../src/alerts/engine/schedules/schedule-worker";
import type { EscalationSchedules } from "../../../src/alerts/kinds/escalation/escalation-delivery";
import { escalationScheduleId } from "../../../src/alerts/kinds/escalation/escalation-event";
import { escalationSchedules } from "../../../src/alerts/kinds/escalation/escalation-schedules";
import type { MaintenanceEvent } from "../../../src/alerts/kinds/maintenance/maintenance-event";
import { SCHEDULE_KINDS } from "../../../src/alerts/kinds/registry";
import { MaintenanceStore } from "../../../src/store/maintenance-store";
import { UptimeClient } from "../../../src/uptime";
import { testRedis } from "../../support/redis";
import { alertEvent, alertSetup, freshChannel, startSlack, WS } from "./harness";

const { redis, prefix } = testRedis();
let fake: FakeSlack;
let setup: ReturnType<typeof alertSetup>;
const client = new UptimeClient({ baseUrl: "http://127.0.0.1:9" });

beforeAll(async () => {
  fake = await startSlack();
});
afterAll(async () => {
  await client.close();
  await fake.close();
});
afterEach(() => setup?.stopAll());

const T0 = Date.parse("2026-03-02T10:00:00Z");

function escalationSetup(
  options: { clock?: { now: () => number }; bookingFails?: number; withWindows?: boolean } = {},
) {
  const { clock, bookingFails = 0, withWindows = false } = options;
  setup = alertSetup(redis, prefix, fake);
  const { schedules: store, digests } = setup.scheduleParts({ client });
  const real = escalationSchedules(store);
  let failures = bookingFails;
  // The replica dies (or Redis goes away) after the root's post and before its booking: the delivery fails
  // there, and the outbox entry is delivered again.
  const escalations: EscalationSchedules = {
    schedule: (...args) => {
      if (failures-- > 0) return Promise.reject(new Error("Connection is closed."));
      return real.schedule(...args);
    },
    cancel: (...args) => real.cancel(...args),
  };
  const windows = withWindows ? new MaintenanceStore({ redis, keys: setup.keys }) : undefined;
  const alerts = setup.delivery({
    digests,
    escalations,
    ...(clock ? { clock } : {}),
    ...(windows ? { windows } : {}),
  });
  const worker = setup.worker({
    delivery: alerts,
  });
  return {
    store,
    worker,
    windows,
    scheduleWorker: () => new ScheduleWorker({ store, kinds: SCHEDULE_KINDS }),
  };
}

function repliesOf(channel: string) {
  const messages = fake.state.conversation(channel)?.messages ?? [];
  const root = messages.find(
    (m) => m.metadata?.event_type === ALERT_EVENT_TYPE && (m.thread_ts === undefined || m.thread_ts === m.ts),
  );
  return messages.filter((m) => root && m.thread_ts === root.ts && m.ts !== root.ts);
}

describe("escalation of an unacknowledged incident", () => {
  it("pings once, as a broadcast thread reply with the subscription's mention, however many replicas fire", async () => {
    const s = escalationSetup();
    const channel = freshChannel(fake, "esc");
    const sub = await setup.subscribe(channel, { escalateMinutes: 5 });
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    // Scheduled when the root was posted, due N minutes after the incident started.
    expect((await s.store.inspect(escalationScheduleId(sub.id, "1"))).dueAt).toBe(T0 + 5 * 60_000);

    const replicas = [s.scheduleWorker(), s.scheduleWorker(), s.scheduleWorker()];
    const fired = await Promise.all(replicas.flatMap((r) => [r.tick(), r.tick()]));
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
    await setup.drained();
    // The opened event delivered again (a replay) schedules nothing new: it fired once, ever.
    await setup.emit(alertEvent("opened", "1"));
    await setup.drained();
    expect(await replicas[0]!.tick()).toBe(0);

    const replies = repliesOf(channel);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      subtype: "thread_broadcast",
      metadata: { event_type: ESCALATION_EVENT_TYPE },
    });
    expect(replies[0]!.text).toMatch(/^<!here> ⏰ Service 101 is still down and nobody acknowledged it/);
    // On the incident's timeline too (`/uptime incident`).
    expect(await setup.messages.timeline(WS, "1")).toEqual([
      { at: expect.any(Number), kind: "escalated", channel },
    ]);
  });

  it("is booked by the redelivery when the first delivery posted the root and stopped before booking it", async () => {
    const s = escalationSetup({ bookingFails: 1 });
    const channel = freshChannel(fake, "escretry");
    const sub = await setup.subscribe(channel, { escalateMinutes: 5 });
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    const roots = (fake.state.conversation(channel)?.messages ?? []).filter((m) => m.thread_ts === undefined);
    expect(roots).toHaveLength(1);
    expect((await s.store.inspect(escalationScheduleId(sub.id, "1"))).dueAt).toBe(T0 + 5 * 60_000);
    expect(await s.scheduleWorker().tick()).toBe(1);
    await setup.drained();
    expect(repliesOf(channel).map((m) => m.metadata?.event_type)).toEqual([ESCALATION_EVENT_TYPE]);
  });

  it("is booked by the redelivery of a quiet window's end that posted the held root and stopped before booking it", async () => {
    const s = escalationSetup({ bookingFails: 1, withWindows: true });
    const channel = freshChannel(fake, "escwindow");
    const sub = await setup.subscribe(channel, { escalateMinutes: 5 });
    const window = await s.windows!.plan(WS, channel, {
      scope: { kind: "monitor", monitorId: "101", name: "Service 101" },
      startAt: Date.now() - 60_000,
      endAt: Date.now() + 3_600_000,
      by: "U0ALICE",
      reason: null,
      subscriptionId: sub.id,
      apiTeamId: sub.apiTeamId,
    });
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    expect(await setup.messages.get(WS, channel, "1")).toMatchObject({ mode: "muted", heldBy: window.id });
    const end: MaintenanceEvent = {
      type: "maintenance",
      subscriptionId: sub.id,
      windowId: window.id,
      phase: "end",
    };
    await redis.xadd(
      setup.outboxKey,
      "*",
      "target",
      scheduleTarget("maintenance", sub.id),
      "event",
      JSON.stringify(end),
    );
    await setup.drained();
    const roots = (fake.state.conversation(channel)?.messages ?? []).filter(
      (m) => m.thread_ts === undefined && m.metadata?.event_type === ALERT_EVENT_TYPE,
    );
    expect(roots).toHaveLength(1);
    // Due five minutes after the held root's post, not after the outage's start.
    const { dueAt } = await s.store.inspect(escalationScheduleId(sub.id, "1"));
    expect(dueAt).toBeGreaterThan(Date.now() + 4 * 60_000);
    const later = { now: () => Date.now() + 6 * 60_000 };
    expect(await new ScheduleWorker({ store: s.store, kinds: SCHEDULE_KINDS, clock: later }).tick()).toBe(1);
    await setup.drained();
    expect(repliesOf(channel).map((m) => m.metadata?.event_type)).toEqual([ESCALATION_EVENT_TYPE]);
  });

  it("with steps, pings once per step, each with its own mention or else the subscription's", async () => {
    const s = escalationSetup();
    const channel = freshChannel(fake, "escsteps");
    const sub = await setup.subscribe(channel, {
      escalateMinutes: 5,
      escalateSteps: [
        { minutes: 5 },
        { minutes: 15, mention: { kind: "usergroup", id: "S0LEADS", handle: "leads" } },
        { minutes: 30, mention: { kind: "user", id: "U0BOSS", name: "boss" } },
      ],
    });
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    const due = await Promise.all(
      [0, 1, 2].map((step) => s.store.inspect(escalationScheduleId(sub.id, "1", step))),
    );
    expect(due.map((d) => d.dueAt)).toEqual([T0 + 5 * 60_000, T0 + 15 * 60_000, T0 + 30 * 60_000]);

    // All three are due (T0 is long past): replicas race, each step fires once.
    const replicas = [s.scheduleWorker(), s.scheduleWorker()];
    const fired = await Promise.all(replicas.flatMap((r) => [r.tick(), r.tick()]));
    expect(fired.reduce((a, b) => a + b, 0)).toBe(3);
    await setup.drained();
    // Redelivered "opened": every step already fired, nothing comes back.
    await setup.emit(alertEvent("opened", "1"));
    await setup.drained();
    expect(await replicas[0]!.tick()).toBe(0);

    const replies = repliesOf(channel);
    expect(replies).toHaveLength(3);
    expect(replies.every((m) => m.subtype === "thread_broadcast")).toBe(true);
    const texts = replies.map((m) => m.text).sort();
    expect(texts).toEqual([
      expect.stringMatching(/^<!here> ⏰/),
      expect.stringMatching(/^<!subteam\^S0LEADS\|@leads> ⏰/),
      expect.stringMatching(/^<@U0BOSS> ⏰/),
    ]);
    expect(replies.map((m) => m.metadata?.event_payload?.step ?? 0).sort()).toEqual([0, 1, 2]);
  });

  it("with steps, an acknowledge cancels every step", async () => {
    const s = escalationSetup();
    const channel = freshChannel(fake, "escstepsack");
    const sub = await setup.subscribe(channel, {
      escalateMinutes: 5,
      escalateSteps: [{ minutes: 5 }, { minutes: 15 }, { minutes: 30 }],
    });
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    await setup.emit(alertEvent("acknowledged", "1"));
    await setup.drained();
    for (const step of [0, 1, 2])
      expect((await s.store.inspect(escalationScheduleId(sub.id, "1", step))).dueAt).toBeNull();
    expect(await s.scheduleWorker().tick()).toBe(0);
    expect(repliesOf(channel).map((m) => m.metadata?.event_type)).toEqual(["uptime_alert_ack"]);
  });

  it("is void once the channel re-subscribed without --escalate (the same subscription)", async () => {
    const s = escalationSetup();
    const channel = freshChannel(fake, "escoff");
    const sub = await setup.subscribe(channel, { escalateMinutes: 5 });
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    expect((await s.store.inspect(escalationScheduleId(sub.id, "1"))).dueAt).not.toBeNull();
    const again = await setup.subscribe(channel, {});
    expect(again.id).toBe(sub.id);
    // Due long ago (T0): it fires, and delivery finds the subscription no longer escalates.
    expect(await s.scheduleWorker().tick()).toBe(1);
    await setup.drained();
    expect(repliesOf(channel)).toEqual([]);
  });

  it("stays in the thread, not broadcast, when it falls in a personal subscription's quiet hours", async () => {
    let now = Date.parse("2026-11-26T08:59:00Z");
    const s = escalationSetup({ clock: { now: () => now } });
    const channel = freshChannel(fake, "escquiet");
    // The subscribe message of the DM: the quiet hours' thread.
    const { ts: threadTs } = await setup.webPoster.postMessage({ channel, text: "Your personal alerts" });
    await setup.subscribe(channel, {
      escalateMinutes: 5,
      mention: null,
      personal: { quiet: { start: "09:00", end: "11:00", timeZone: "UTC" }, threadTs },
    });
    // Opened at 08:59, before the quiet hours: a root of its own.
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    now = Date.parse("2026-11-26T09:30:00Z");
    expect(await s.scheduleWorker().tick()).toBe(1);
    await setup.drained();
    const replies = repliesOf(channel);
    expect(replies.map((m) => m.metadata?.event_type)).toEqual([ESCALATION_EVENT_TYPE]);
    expect(replies[0]!.subtype).toBeUndefined();
    expect(replies[0]!.text).not.toMatch(/<!here>|<!channel>/);
  });

  it("is cancelled by an acknowledge, and says nothing even if it fires anyway", async () => {
    const s = escalationSetup();
    const channel = freshChannel(fake, "escack");
    const sub = await setup.subscribe(channel, { escalateMinutes: 5 });
    await setup.emit(alertEvent("opened", "1"));
    await s.worker.start();
    await setup.drained();
    await setup.emit(alertEvent("acknowledged", "1"));
    await setup.drained();
    expect((await s.store.inspect(escalationScheduleId(sub.id, "1"))).dueAt).toBeNull();

    // A stale "opened" (redelivered after the acknowledge) schedules it again: the delivery still checks.
    await s.store.bookOnce(
      escalationScheduleId(sub.id, "1"),
      { kind: "escalation", subscriptionId: sub.id, incidentId: "1", afterMinutes: 5 },
      0,
    );
    expect(await s.scheduleWorker().tick()).toBe(1);
    await setup.drained();
    // The timeline has the acknowledge, and no reminder.
    expect(repliesOf(channel).map((m) => m.metadata?.event_type)).toEqual(["uptime_alert_ack"]);
  });

  it("is cancelled by a recovery: the thread gets the recovery reply and no ping", async () => {
    const s = escalationSetup();
    const channel = freshChannel(fake, "escrec");
    const sub = await setup.subscribe(channel, { escalateMinutes: 5 });
    await setup.emit(alertEvent("opened", "1"), alertEvent("resolved", "1"));
    await s.worker.start();
    await setup.drained();
    expect((await s.store.inspect(escalationScheduleId(sub.id, "1"))).dueAt).toBeNull();
    expect(await s.scheduleWorker().tick()).toBe(0);
    expect(repliesOf(channel).map((m) => m.metadata?.event_type)).toEqual(["uptime_alert_recovery"]);
  });
});
