// docs/architecture.md section 5 "Poison-proof outbox" against real Redis and the fake Slack over WebClient: one
// entry never blocks others, attempts are the stream's own count, dead letters, channels in parallel,
// every wait ends at stop(), a stopped consumer leaves the group without losing entries, safe trimming.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import type { DeliveryWorkerOptions } from "../../../src/alerts/engine/delivery-worker";
import { createPrometheusMetrics } from "../../../src/alerts/prometheus-metrics";
import { WebApiPoster } from "../../../src/slack/web-api-poster";
import { deadLettersOf } from "../../../src/store/keys";
import { PARKING_CONSUMER } from "../../../src/store/outbox-store";
import { workspaceKey } from "../../../src/store/workspace";
import { metricTotal } from "../../support/bot-process";
import { dropConnections, namedRedis, testRedis } from "../../support/redis";
import { eventually, waitFor } from "../../support/wait-for";
import { quietLogger } from "../fake-slack/quiet-logger";
import {
  alertEvent,
  alertSetup,
  consumersOf,
  freshChannel,
  pendingOf,
  startSlack,
  TARGET,
  WS,
} from "./harness";

const { redis, prefix } = testRedis();
let fake: FakeSlack;
let setup: ReturnType<typeof alertSetup>;

beforeAll(async () => {
  fake = await startSlack();
});
afterAll(() => fake.close());
afterEach(() => setup?.stopAll());

const incidentsIn = (channel: string) =>
  fake.state.channelMessages(channel).map((m) => String(m.metadata?.event_payload.incident_id));

const metricsText = async (metrics: ReturnType<typeof createPrometheusMetrics>) =>
  (await metrics.renderMetrics()).body;

describe("a poison entry", () => {
  it("fails on its own: the rest of its batch is delivered, and after 10 deliveries counted by the stream (shared by two workers) it is dead-lettered", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "poison");
    await setup.subscribe(channel);
    // A message record this version cannot read (written by a newer one, say): reading it throws in deliver.
    await redis.set(setup.keys.alertMessage(workspaceKey(WS), channel, "62"), '{"v":99,"shape":"new"}');
    const [, poisonId] = await setup.emit(
      alertEvent("opened", "61", { startedMin: 0 }),
      alertEvent("opened", "62", { startedMin: 30 }),
      alertEvent("opened", "63", { startedMin: 60 }),
    );
    const metrics = createPrometheusMetrics({ processMetrics: false });
    const fast = {
      retryBackoff: { baseMs: 5, maxMs: 20 },
      metrics: metrics.alert,
      delivery: setup.delivery({ metrics: metrics.alert }),
    };
    // Two replicas: an in-memory counter would give each its own 10 attempts.
    await setup.worker({ ...fast, consumer: "replica-a" }).start();
    await setup.worker({ ...fast, consumer: "replica-b" }).start();

    await waitFor(fake.events, () => incidentsIn(channel).length === 2);
    expect(incidentsIn(channel)).toEqual(["61", "63"]);
    await setup.drained(20_000);

    const [dead, ...more] = await setup.outbox.deadLetters(setup.outboxKey);
    expect(more).toHaveLength(0);
    expect(dead).toMatchObject({ outboxId: poisonId, deliveries: 10, target: TARGET });
    expect(dead!.reason).toMatch(/^attempts: 10 attempts failed/);
    expect(JSON.parse(dead!.event!).incidentId).toBe("62");
    const text = await metricsText(metrics);
    expect(metricTotal(text, "uptime_chatops_alert_dead_letters_total", /reason="attempts"/)).toBe(1);
    // Exactly ten failed deliveries over both replicas: the count is the stream's, not a process's.
    expect(metricTotal(text, "uptime_chatops_deliveries_total", /outcome="retry"/)).toBe(10);
    expect(await pendingOf(redis, setup.outboxKey)).toEqual([]);
  });

  it("a reclaim that takes back an entry its own loop is still handling (a heartbeat come too late) burns none of its attempts", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "stalled");
    await setup.subscribe(channel);
    await redis.set(setup.keys.alertMessage(workspaceKey(WS), channel, "67"), '{"v":99,"shape":"new"}');
    // Another replica holds the channel: the attempt stays in flight here until the test lets it go.
    const held = await setup.messages.lockChannel(WS, channel, 60_000);
    expect(held).not.toBeNull();
    const [id] = await setup.emit(alertEvent("opened", "67"));
    const metrics = createPrometheusMetrics({ processMetrics: false });
    // The heartbeat beats every 20 s (a third of reclaimIdleMs): none comes during the test.
    await setup
      .worker({
        consumer: "stalled",
        reclaimIdleMs: 60_000,
        reclaimEveryMs: 50,
        maxAttempts: 3,
        retryBackoff: { baseMs: 5, maxMs: 20 },
        metrics: metrics.alert,
        delivery: setup.delivery({ metrics: metrics.alert, lockWaitMs: 20_000 }),
      })
      .start();
    await eventually(async () => ((await pendingOf(redis, setup.outboxKey)).length === 1 ? true : undefined));
    expect(await pendingOf(redis, setup.outboxKey)).toEqual([{ id, consumer: "stalled-0", deliveries: 1 }]);

    // What an event loop stalled past reclaimIdleMs leaves in Redis: the entry in flight looks idle.
    await redis.xclaim(setup.outboxKey, "alert-delivery", "stalled-0", 0, id!, "IDLE", 120_000, "JUSTID");
    const idle = async () =>
      Number(
        (
          (await redis.xpending(setup.outboxKey, "alert-delivery", id!, id!, 1)) as [
            string,
            string,
            number,
            number,
          ][]
        )[0]![2],
      );
    // The loop's own reclaim took it (the idle time starts again): still one delivery, the one in flight.
    // XAUTOCLAIM counts one more and the uncount script takes it back a moment later, so wait for both.
    await eventually(async () => ((await idle()) < 60_000 ? true : undefined));
    await eventually(async () => {
      const [pending] = await pendingOf(redis, setup.outboxKey);
      return pending?.deliveries === 1 ? true : undefined;
    });
    expect(await pendingOf(redis, setup.outboxKey)).toEqual([{ id, consumer: "stalled-0", deliveries: 1 }]);

    await held!.release();
    await setup.drained();
    const [dead, ...more] = await setup.outbox.deadLetters(setup.outboxKey);
    expect(more).toHaveLength(0);
    expect(dead).toMatchObject({ outboxId: id, deliveries: 3 });
    // Three attempts were made, one per delivery the stream counted.
    const text = await metricsText(metrics);
    expect(metricTotal(text, "uptime_chatops_deliveries_total", /outcome="retry"/)).toBe(3);
  });

  it("an attempt that fails before any channel (its subscriptions cannot be listed) is a counted retry too", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "unlisted");
    await setup.subscribe(channel);
    // The target's index is not a set: listing its subscriptions fails (WRONGTYPE) at every attempt.
    await redis.del(setup.keys.subscriptionsByTarget(TARGET));
    await redis.set(setup.keys.subscriptionsByTarget(TARGET), "not a set");
    const [id] = await setup.emit(alertEvent("opened", "68"));
    const metrics = createPrometheusMetrics({ processMetrics: false });
    await setup
      .worker({ maxAttempts: 3, retryBackoff: { baseMs: 5, maxMs: 20 }, metrics: metrics.alert })
      .start();
    await setup.drained();

    const [dead, ...more] = await setup.outbox.deadLetters(setup.outboxKey);
    expect(more).toHaveLength(0);
    expect(dead).toMatchObject({ outboxId: id, deliveries: 3 });
    expect(dead!.reason).toMatch(/^attempts: 3 attempts failed; last: .*WRONGTYPE/);
    expect(
      metricTotal(await metricsText(metrics), "uptime_chatops_deliveries_total", /outcome="retry"/),
    ).toBe(3);
  });

  it("an unreadable record is dead-lettered at once, without a retry", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "unreadable");
    await setup.subscribe(channel);
    await setup.emit(alertEvent("opened", "64"));
    const garbled = (await redis.xadd(
      setup.outboxKey,
      "*",
      "target",
      TARGET,
      "event",
      "{not json",
    )) as string;
    const targetless = (await redis.xadd(setup.outboxKey, "*", "event", "{}")) as string;
    await setup.emit(alertEvent("opened", "65", { startedMin: 30 }));
    const metrics = createPrometheusMetrics({ processMetrics: false });
    await setup.worker({ metrics: metrics.alert }).start();
    await setup.drained();

    expect(incidentsIn(channel)).toEqual(["64", "65"]);
    const dead = await setup.outbox.deadLetters(setup.outboxKey);
    expect(dead.map((d) => [d.outboxId, d.deliveries])).toEqual([
      [garbled, 1],
      [targetless, 1],
    ]);
    expect(dead.every((d) => d.reason.startsWith("unreadable: "))).toBe(true);
    expect(dead[0]!.event).toBe("{not json");
    expect(
      metricTotal(
        await metricsText(metrics),
        "uptime_chatops_alert_dead_letters_total",
        /reason="unreadable"/,
      ),
    ).toBe(2);
    expect(await redis.exists(deadLettersOf(setup.outboxKey))).toBe(1);
  });
});

describe("an unreadable subscription record", () => {
  it("keeps the event from no other channel of the target; the event is dead-lettered for it at once", async () => {
    setup = alertSetup(redis, prefix, fake);
    const good = [freshChannel(fake, "good"), freshChannel(fake, "good")];
    for (const channel of good) await setup.subscribe(channel);
    const broken = await setup.subscribe(freshChannel(fake, "broken"));
    await redis.hset(setup.keys.subscription(broken.id), "sub", '{"v":7,"from":"a newer version"}');
    const [id] = await setup.emit(alertEvent("opened", "66"));
    const metrics = createPrometheusMetrics({ processMetrics: false });
    await setup.worker({ metrics: metrics.alert }).start();
    await setup.drained();

    for (const channel of good) expect(incidentsIn(channel)).toEqual(["66"]);
    const [dead, ...more] = await setup.outbox.deadLetters(setup.outboxKey);
    expect(more).toHaveLength(0);
    expect(dead).toMatchObject({ outboxId: id, deliveries: 1 });
    expect(dead!.reason).toContain(`unreadable: subscription ${broken.id}: stored record`);
    expect(
      metricTotal(
        await metricsText(metrics),
        "uptime_chatops_alert_dead_letters_total",
        /reason="unreadable"/,
      ),
    ).toBe(1);
  });
});

describe("channels in parallel, waits that end at stop()", () => {
  it("a channel waiting for its posting slot holds up no other workspace's channel; stop() ends the wait, hands the entries over in order and leaves the group", async () => {
    setup = alertSetup(redis, prefix, fake);
    const slow = freshChannel(fake, "slow");
    const other = freshChannel(fake, "other");
    await setup.subscribe(slow);
    await setup.subscribe(other, { workspace: { teamId: "T0OTHER" } });
    // Another replica reserved the slow channel's next posting slot 60 s ahead (Redis time).
    const [seconds] = await redis.time();
    await redis.set(
      setup.keys.alertChannelSlot(workspaceKey(WS), slow),
      String(Number(seconds) * 1000 + 60_000),
      "PX",
      120_000,
    );
    const a = setup.worker({ consumer: "replica-a" });
    await a.start();
    const [first] = await setup.emit(alertEvent("opened", "71", { startedMin: 0 }));
    await waitFor(fake.events, () => incidentsIn(other).includes("71"));
    // The reader was not held either: a later event reaches the other channel, queued behind 71 in the slow one.
    const [second] = await setup.emit(alertEvent("opened", "72", { startedMin: 30 }));
    await waitFor(fake.events, () => incidentsIn(other).includes("72"));
    expect(incidentsIn(slow)).toEqual([]);

    // A second replica looks for idle entries meanwhile: the heartbeat keeps the first one's in flight.
    const b = setup.worker({ consumer: "replica-b" });
    await b.start();
    await new Promise((resolve) => setTimeout(resolve, 1000)); // > reclaimIdleMs (300)
    expect(await pendingOf(redis, setup.outboxKey)).toEqual([
      { id: first, consumer: "replica-a-0", deliveries: 1 },
      { id: second, consumer: "replica-a-0", deliveries: 1 },
    ]);
    await b.stop();

    // Without the abort this would wait out the 60 s slot (and fail the test's 30 s limit).
    await a.stop();
    expect(incidentsIn(slow)).toEqual([]);
    const consumers = await consumersOf(redis, setup.outboxKey);
    expect(consumers).not.toContain("replica-a-0");
    expect(consumers).not.toContain("replica-b-0");
    // Handed over as they were: a clean stop is not a failed attempt.
    expect(await pendingOf(redis, setup.outboxKey)).toEqual([
      { id: first, consumer: PARKING_CONSUMER, deliveries: 1 },
      { id: second, consumer: PARKING_CONSUMER, deliveries: 1 },
    ]);

    await redis.del(setup.keys.alertChannelSlot(workspaceKey(WS), slow));
    await setup.worker({ consumer: "replica-c" }).start();
    await setup.drained();
    expect(incidentsIn(slow)).toEqual(["71", "72"]);
    expect(incidentsIn(other)).toEqual(["71", "72"]);
  });

  it("stop() also ends a Retry-After wait and a wait for another replica's channel lock", async () => {
    setup = alertSetup(redis, prefix, fake);
    const limited = freshChannel(fake, "retryafter");
    const locked = freshChannel(fake, "locked");
    await setup.subscribe(limited);
    await setup.subscribe(locked);
    const held = await setup.messages.lockChannel(WS, locked, 60_000);
    expect(held).not.toBeNull();
    const calls = fake.state.callsOf("chat.postMessage").length;
    fake.failNext("chat.postMessage", { status: 429, retryAfter: 60 });
    const worker = setup.worker({
      consumer: "waiter",
      delivery: setup.delivery({ lockWaitMs: 60_000 }),
    });
    await worker.start();
    const [id] = await setup.emit(alertEvent("opened", "73"));
    // The 429 was answered (calls are recorded without a "change" event).
    await eventually(async () => (fake.state.callsOf("chat.postMessage").length > calls ? true : undefined));

    await worker.stop();
    expect(fake.state.channelMessages(limited)).toHaveLength(0);
    expect(fake.state.channelMessages(locked)).toHaveLength(0);
    expect(await pendingOf(redis, setup.outboxKey)).toEqual([
      { id, consumer: PARKING_CONSUMER, deliveries: 1 },
    ]);
    await held!.release();
  });
});

describe("Slack calls time out", () => {
  let stalled: Server;
  beforeAll(async () => {
    // Accepts every request and never answers: a stalled Slack.
    stalled = createServer(() => {});
    stalled.listen(0, "127.0.0.1");
    await once(stalled, "listening");
  });
  afterAll(() => {
    stalled.closeAllConnections();
    stalled.close();
  });

  it("a stalled chat.postMessage fails as a transient error after the timeout instead of hanging", async () => {
    const port = (stalled.address() as AddressInfo).port;
    const poster = WebApiPoster.fromToken("xoxb-stalled", {
      slackApiUrl: `http://127.0.0.1:${port}/api/`,
      timeoutMs: 200,
      logger: quietLogger(),
    });
    await expect(poster.postMessage({ channel: "C0X", text: "hello" })).rejects.toMatchObject({
      name: "SlackTransientError",
      code: "request_error",
    });
  });
});

describe("outbox trimming", () => {
  it("deletes only what the group acknowledged: pending and unread entries stay", async () => {
    setup = alertSetup(redis, prefix, fake);
    const stream = `${setup.keys.prefix}{p:9}:outbox`;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await redis.xadd(stream, "*", "target", "t", "event", `${i}`)) as string);
    // No group reads it yet: everything is undelivered.
    expect(await setup.outbox.trim(stream)).toBe(0);
    await setup.outbox.ensureGroup(stream);
    const read = await setup.outbox.read(redis, stream, "c", 3);
    expect(read.map((e) => e.id)).toEqual(ids.slice(0, 3));
    await setup.outbox.ack(stream, ids[0]!);
    await setup.outbox.ack(stream, ids[2]!);
    // ids[1] is pending: it and everything after it stay.
    await setup.outbox.trim(stream);
    expect((await redis.xrange(stream, "-", "+")).map(([id]) => id)).toEqual(ids.slice(1));
    await setup.outbox.ack(stream, ids[1]!);
    await setup.outbox.trim(stream);
    // Nothing pending: kept from the last delivered entry on; the three unread ones are all there.
    expect((await redis.xrange(stream, "-", "+")).map(([id]) => id)).toEqual(ids.slice(2));
  });

  it("a killed process's consumer leaves the group once its entries were reclaimed, never before", async () => {
    setup = alertSetup(redis, prefix, fake);
    const stream = `${setup.keys.prefix}{p:9}:outbox`;
    await setup.outbox.ensureGroup(stream);
    const id = (await redis.xadd(stream, "*", "target", "t", "event", "{}")) as string;
    await setup.outbox.read(redis, stream, "killed", 10);
    await redis.xgroup("CREATECONSUMER", stream, "alert-delivery", "idle-but-empty");
    await new Promise((resolve) => setTimeout(resolve, 50));
    // "killed" still holds an entry: it stays whatever its idle time.
    expect(await setup.outbox.sweepConsumers(stream, 20)).toBe(1);
    expect(await consumersOf(redis, stream)).toEqual(["killed"]);
    await setup.outbox.reclaim(stream, "survivor", 0, "0-0", 10);
    expect(await setup.outbox.sweepConsumers(stream, 60_000)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await setup.outbox.sweepConsumers(stream, 20)).toBe(1);
    expect(await pendingOf(redis, stream)).toEqual([{ id, consumer: "survivor", deliveries: 2 }]);
  });

  it("the commit script no longer caps the outbox, and the workers trim what they delivered", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "trim");
    await setup.subscribe(channel);
    await setup.emit(...["81", "82", "83"].map((id, i) => alertEvent("opened", id, { startedMin: i * 30 })));
    await setup.worker({ trimEveryMs: 50 }).start();
    await setup.drained();
    await eventually(async () => ((await redis.xlen(setup.outboxKey)) <= 1 ? true : undefined), 5000);
    expect(incidentsIn(channel)).toEqual(["81", "82", "83"]);
  });
});

describe("a connection lost with a read's reply", () => {
  /**
   * A worker on a client of its own, whose connections dropConnections() cuts and no others, delivering to
   * a fresh channel; its consumer is `<tag>-0`. One event is delivered first, so that its read connections
   * are up (on every master of a Cluster).
   */
  async function withDroppableWorker(
    tag: string,
    options: Partial<DeliveryWorkerOptions>,
    run: (worker: { channel: string; name: string }) => Promise<void>,
  ): Promise<void> {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, tag);
    await setup.subscribe(channel);
    const name = `${tag}-${prefix.replace(/\W/g, "")}`;
    const client = namedRedis(name);
    try {
      await setup.worker({ redis: client, consumer: tag, ...options }).start();
      await setup.emit(alertEvent("opened", "90"));
      await setup.drained();
      await run({ channel, name });
    } finally {
      await setup.stopAll();
      client.disconnect();
    }
  }

  it("delivers what Redis handed to that read at once after the drop, not after the reclaim time", async () => {
    // A minute before anyone reclaims: the drop must be what brings the entry back.
    await withDroppableWorker("lostread", { reclaimIdleMs: 60_000 }, async ({ channel, name }) => {
      // The entry and the worker's read in one transaction: pending on the worker's consumer, as when
      // Redis answered a read and the reply went down with the connection.
      const event = JSON.stringify(alertEvent("opened", "91"));
      const replies = await redis
        .multi()
        .xadd(setup.outboxKey, "*", "target", TARGET, "event", event)
        .xreadgroup("GROUP", "alert-delivery", "lostread-0", "COUNT", 10, "STREAMS", setup.outboxKey, ">")
        .exec();
      const id = replies?.[0]?.[1] as string;
      expect(await pendingOf(redis, setup.outboxKey)).toEqual([
        { id, consumer: "lostread-0", deliveries: 1 },
      ]);

      expect(await dropConnections(redis, name)).toBeGreaterThanOrEqual(2);
      await setup.drained(15_000);
      expect(incidentsIn(channel)).toEqual(["90", "91"]);
    });
  });

  it("keeps delivering when an outbox was deleted before the drop (nothing pending there, the read creates it again)", async () => {
    await withDroppableWorker("lostdel", {}, async ({ channel, name }) => {
      await redis.del(setup.outboxKey);
      expect(await dropConnections(redis, name)).toBeGreaterThanOrEqual(2);
      await setup.emit(alertEvent("opened", "93"));
      await setup.drained(15_000);
      expect(incidentsIn(channel)).toEqual(["90", "93"]);
    });
  });
});
