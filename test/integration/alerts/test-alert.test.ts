// `/uptime test`'s kind through the real parts: its opening and recovery are one-shot schedules the
// schedule workers race to fire, the delivery worker posts one TEST root, books the escalation step at
// test speed, and the recovery turns the root green through the incident's own path. Replays post nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import { ALERT_EVENT_TYPE } from "../../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../../src/alerts/engine/alert-parts";
import { scheduleTarget } from "../../../src/alerts/engine/schedules/schedule-targets";
import { ScheduleWorker } from "../../../src/alerts/engine/schedules/schedule-worker";
import { escalationScheduleId } from "../../../src/alerts/kinds/escalation/escalation-event";
import { escalationSchedules } from "../../../src/alerts/kinds/escalation/escalation-schedules";
import { SCHEDULE_KINDS } from "../../../src/alerts/kinds/registry";
import { testAlertScheduleId } from "../../../src/alerts/kinds/test-alert/test-alert-event";
import { startTestAlert } from "../../../src/alerts/kinds/test-alert/test-alert-schedule";
import { newTestIncidentId } from "../../../src/domain/test-alert-id";
import { UptimeClient } from "../../../src/uptime";
import { testRedis } from "../../support/redis";
import { alertSetup, freshChannel, startSlack } from "./harness";

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

const color = (m: { attachments?: unknown[] }) =>
  (m.attachments?.[0] as { color?: string } | undefined)?.color;

describe("the test-alert kind", () => {
  it("posts one TEST root across replicas, its step at test speed, and turns it green at its recovery", async () => {
    setup = alertSetup(redis, prefix, fake);
    const { schedules: store } = setup.scheduleParts({ client });
    const escalations = escalationSchedules(store);
    const worker = setup.worker({ delivery: setup.delivery({ escalations, schedules: store }) });
    const replicas = [1, 2, 3].map(() => new ScheduleWorker({ store, kinds: SCHEDULE_KINDS }));
    const tickAll = async () =>
      (await Promise.all(replicas.flatMap((r) => [r.tick(), r.tick()]))).reduce((a, b) => a + b, 0);

    const channel = freshChannel(fake, "testalert");
    const sub = await setup.subscribe(channel, { escalateMinutes: 5 });
    const now = Date.now();
    const incidentId = newTestIncidentId(now);
    const monitor = { id: "7", name: "Payments API", target: "https://pay.example.com", group: null };
    await startTestAlert(store, { subscriptionId: sub.id, incidentId, apiTeamId: "12", monitor, now });
    await worker.start();

    // The opening is due now: one firing, whichever replica.
    expect(await tickAll()).toBe(1);
    await setup.drained();
    const roots = () =>
      (fake.state.conversation(channel)?.messages ?? []).filter(
        (m) => m.metadata?.event_type === ALERT_EVENT_TYPE,
      );
    expect(roots()).toHaveLength(1);
    expect(roots()[0]!.text).toMatch(/^🧪 TEST · <!here> 🔴 Payments API is down: This is a test alert/);
    // `--escalate 5m` at test speed: due 5 s after the command.
    expect((await store.inspect(escalationScheduleId(sub.id, incidentId))).dueAt).toBe(now + 5_000);

    // The opening delivered again (a replay of its entry) posts nothing new.
    const target = scheduleTarget("test-alert", sub.id);
    const outbox = setup.scheduler.outboxKey(setup.scheduler.shardOf(target));
    const opened = await store.inspect(testAlertScheduleId(sub.id, incidentId, "opened"));
    expect(opened.dueAt).toBeNull();
    const recoveryId = testAlertScheduleId(sub.id, incidentId, "resolved");
    const recovery = await store.inspect(recoveryId);
    expect(recovery.dueAt).toBe(now + 60_000);
    const spec = JSON.parse(recovery.spec!) as { kind: string } & Record<string, unknown>;
    await redis.xadd(
      outbox,
      "*",
      "target",
      target,
      "event",
      JSON.stringify({ ...spec, kind: undefined, type: "test-alert", phase: "opened" }),
    );
    await setup.drained();
    expect(roots()).toHaveLength(1);

    // Its minute is up (moved, not waited): green, a recovery reply, the step cancelled.
    await store.book(recoveryId, spec, Date.now());
    expect(await tickAll()).toBe(1);
    await setup.drained();
    expect(roots()).toHaveLength(1);
    expect(color(roots()[0]!)).toBe(ALERT_COLORS.resolved);
    expect(roots()[0]!.text).toMatch(/🧪 TEST · ✅ Payments API recovered after/);
    expect((await store.inspect(escalationScheduleId(sub.id, incidentId))).dueAt).toBeNull();
  });
});
