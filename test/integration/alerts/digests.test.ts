// Digests (issue 14) through the real parts: the schedule store's Lua script on Redis, the schedule workers
// racing, the outbox and the delivery worker, WebClient against the fake Slack, and undici against the
// simulator reading the numbers with the subscriber's token.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import { DEMO_TOKENS, type RunningSimulator, startSimulator } from "../../../dev/simulator";
import { ScheduleWorker } from "../../../src/alerts/engine/schedules/schedule-worker";
import { digestPeriod, latestOccurrence } from "../../../src/alerts/kinds/digest/digest-calendar";
import { DIGEST_EVENT_TYPE } from "../../../src/alerts/kinds/digest/digest-delivery";
import { digestScheduleId } from "../../../src/alerts/kinds/digest/digest-event";
import { DigestSchedules } from "../../../src/alerts/kinds/digest/digest-schedules";
import { SCHEDULE_KINDS } from "../../../src/alerts/kinds/registry";
import { silentLogger } from "../../../src/lib/logger";
import type { SlackPoster } from "../../../src/slack/slack-poster";
import { POST_SETTLE_MS } from "../../../src/slack/slack-timeouts";
import type { Subscription } from "../../../src/store/subscription-store";
import { UptimeClient } from "../../../src/uptime";
import { readPng } from "../../support/png";
import { testRedis } from "../../support/redis";
import { textOf } from "../../support/text-of";
import { alertSetup, freshChannel, startSlack, WS } from "./harness";

const { redis, prefix } = testRedis();
let fake: FakeSlack;
let simulator: RunningSimulator;
let client: UptimeClient;
let apiTeamId: string;
let setup: ReturnType<typeof alertSetup>;

beforeAll(async () => {
  fake = await startSlack();
  simulator = await startSimulator({ seed: "demo", autoChecks: false });
  client = new UptimeClient({ baseUrl: simulator.url, logger: silentLogger });
  const me = await client.as(DEMO_TOKENS.owner).users.me({ include: ["teams"] });
  apiTeamId = me.teams![0]!.id;
});
afterAll(async () => {
  await client.close();
  await simulator.close();
  await fake.close();
});
afterEach(() => setup?.stopAll());

/** The stores and workers of one test, on a fresh key prefix. */
function digestSetup(options: { now?: () => number; poster?: SlackPoster } = {}) {
  setup = alertSetup(redis, prefix, fake);
  const clock = { now: options.now ?? (() => Date.now()) };
  const { schedules: store, digests } = setup.scheduleParts({
    client,
    clock,
    ...(options.poster ? { poster: options.poster } : {}),
  });
  const schedules = new DigestSchedules({ store, clock });
  const scheduleWorker = () => new ScheduleWorker({ store, kinds: SCHEDULE_KINDS, clock });
  const deliveryWorker = () =>
    setup.worker({
      delivery: setup.delivery({ digests }),
    });
  return { store, schedules, digests, scheduleWorker, deliveryWorker, clock };
}

/** Schedules the subscription's digest, makes its 09:00 now, fires it and delivers it. */
async function deliverDigestNow(s: ReturnType<typeof digestSetup>, sub: Subscription): Promise<void> {
  await s.schedules.schedule(sub);
  const id = digestScheduleId(sub.id);
  await s.store.book(id, JSON.parse((await s.store.inspect(id)).spec!), Date.now());
  await s.scheduleWorker().tick();
  await s.deliveryWorker().start();
  await setup.drained(20_000);
}

/**
 * A fixed-offset zone whose last 09:00 is less than an hour ago. The API's hourly availability covers the
 * last 24 hours only (A11), so a scheduled daily digest's chart needs its day to end close to now: with
 * Europe/Amsterdam the test would find no hourly points between 07:00 and 08:00 UTC.
 */
function zoneWhereNineJustPassed(now = Date.now()): string {
  let offset = 9 - new Date(now).getUTCHours();
  if (offset < -12) offset += 24;
  // Etc/GMT-2 is UTC+2 (POSIX signs).
  return offset === 0 ? "Etc/UTC" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

async function digestSubscription(
  channel: string,
  linked = true,
  timeZone = "Europe/Amsterdam",
): Promise<Subscription> {
  if (linked) {
    await setup.links.save({ ...WS, userId: "U0ALICE" }, DEMO_TOKENS.owner, {
      apiUserId: "1",
      apiUserName: "Alice",
      teams: [{ id: apiTeamId, name: "Acme", role: "owner" }],
    });
  }
  return setup.subscribe(channel, {
    apiTeamId,
    mention: null,
    digest: { cadence: "daily", timeZone },
  });
}

/** Every digest entry of every outbox shard. */
async function digestEntries(): Promise<{ target: string; period: string }[]> {
  const found: { target: string; period: string }[] = [];
  for (let shard = 0; shard < setup.scheduler.shards; shard++) {
    for (const [, fields] of await redis.xrange(setup.scheduler.outboxKey(shard), "-", "+")) {
      const target = fields[fields.indexOf("target") + 1]!;
      const event = JSON.parse(fields[fields.indexOf("event") + 1]!) as { period?: { key: string } };
      if (target.startsWith("digest:")) found.push({ target, period: event.period!.key });
    }
  }
  return found;
}

const digestsIn = (channel: string) =>
  fake.state.channelMessages(channel).filter((m) => m.metadata?.event_type === DIGEST_EVENT_TYPE);

describe("digest schedules", () => {
  it("are due at the subscriber's next 09:00, and fire once per period however many replicas race", async () => {
    let now = Date.parse("2026-11-24T07:30:00Z"); // 08:30 in Amsterdam
    const s = digestSetup({ now: () => now });
    const sub = await digestSubscription(freshChannel(fake, "sched"));
    const dueAt = await s.schedules.schedule(sub);
    expect(new Date(dueAt!).toISOString()).toBe("2026-11-24T08:00:00.000Z");
    expect((await s.store.inspect(digestScheduleId(sub.id))).dueAt).toBe(dueAt);

    // Not due yet: nothing fires.
    const replicas = [s.scheduleWorker(), s.scheduleWorker(), s.scheduleWorker()];
    expect(await Promise.all(replicas.map((r) => r.tick()))).toEqual([0, 0, 0]);

    now = Date.parse("2026-11-24T08:00:05Z");
    const fired = await Promise.all(replicas.flatMap((r) => [r.tick(), r.tick()]));
    expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await digestEntries()).toEqual([{ target: digestScheduleId(sub.id), period: "daily:2026-11-24" }]);
    const after = await s.store.inspect(digestScheduleId(sub.id));
    expect(after).toMatchObject({ dueAt: Date.parse("2026-11-25T08:00:00Z"), last: "daily:2026-11-24" });

    // Made due again within the same period (a re-subscribe, a clock step): still one digest.
    await s.store.book(digestScheduleId(sub.id), JSON.parse(after.spec!), now);
    expect(await replicas[0]!.tick()).toBe(0);
    expect(await digestEntries()).toHaveLength(1);

    // Every replica down for two days: one digest, for the latest period, not one per missed day.
    now = Date.parse("2026-11-27T15:00:00Z");
    expect((await Promise.all(replicas.map((r) => r.tick()))).reduce((a, b) => a + b, 0)).toBe(1);
    expect((await digestEntries()).map((e) => e.period)).toEqual(["daily:2026-11-24", "daily:2026-11-27"]);
  });

  it("follow the subscription: re-subscribing without --digest and unsubscribing remove them", async () => {
    const s = digestSetup();
    const sub = await digestSubscription(freshChannel(fake, "follow"));
    await s.schedules.schedule(sub);
    const { digest: _digest, ...without } = sub;
    expect(await s.schedules.schedule(without)).toBeNull();
    expect(await s.store.inspect(digestScheduleId(sub.id))).toEqual({ dueAt: null, last: null, spec: null });
    await s.schedules.schedule(sub);
    await s.schedules.unschedule(sub.id);
    expect((await s.store.inspect(digestScheduleId(sub.id))).dueAt).toBeNull();
  });
});

describe("digest delivery", () => {
  it("posts the period's digest once, with its numbers and a PNG chart shared in its thread", async () => {
    const s = digestSetup();
    const channel = freshChannel(fake, "digest");
    const timeZone = zoneWhereNineJustPassed();
    const sub = await digestSubscription(channel, true, timeZone);
    await s.store.book(
      digestScheduleId(sub.id),
      { kind: "digest", subscriptionId: sub.id, cadence: "daily", timeZone },
      Date.now(),
    );
    expect(await s.scheduleWorker().tick()).toBe(1);
    // The same period's event twice in the outbox (a replayed dead letter, say): one post still.
    const [entry] = await digestEntries();
    for (let shard = 0; shard < setup.scheduler.shards; shard++) {
      for (const [, fields] of await redis.xrange(setup.scheduler.outboxKey(shard), "-", "+")) {
        await redis.xadd(setup.scheduler.outboxKey(shard), "*", ...fields);
      }
    }
    expect(entry?.target).toBe(digestScheduleId(sub.id));
    await s.deliveryWorker().start();
    await setup.drained(20_000);

    const posted = digestsIn(channel);
    expect(posted).toHaveLength(1);
    const digest = posted[0]!;
    expect(digest.metadata?.event_payload).toMatchObject({ subscription_id: sub.id, period: entry!.period });
    const text = textOf(digest);
    for (const part of [
      "Daily digest for",
      "Availability",
      "Incidents opened",
      "Downtime",
      "Mean time to acknowledge",
      "Mean time to recover",
      "Worst monitors",
      `Every day at 09:00 ${timeZone}, subscribed by <@U0ALICE>.`,
    ]) {
      expect(text).toContain(part);
    }
    // The chart: shared into the digest's thread (the channel may see it), then shown in the message.
    const image = (digest.blocks as { type: string; slack_file?: { id: string } }[]).find(
      (b) => b.type === "image",
    );
    const file = fake.state.files.get(image?.slack_file?.id ?? "");
    expect(file?.channels).toEqual([channel]);
    const png = readPng(file!.content!);
    expect(png.width).toBeGreaterThanOrEqual(600);
    expect(png.inkShare).toBeGreaterThan(0.05);
    const thread = fake.state
      .conversation(channel)!
      .messages.filter((m) => m.thread_ts === digest.ts && m.ts !== digest.ts);
    expect(thread).toHaveLength(1);
    expect(thread[0]!.files?.[0]).toMatchObject({ id: file!.id });
  });

  it("after a crash between posting and recording, the retry finds the digest instead of posting again", async () => {
    let crashed = false;
    const poster: SlackPoster = {
      postMessage: async (message) => {
        const posted = await setup.webPoster.postMessage(message);
        if (!crashed && message.metadata?.event_type === DIGEST_EVENT_TYPE) {
          crashed = true;
          throw new Error("process died after posting");
        }
        return posted;
      },
      updateMessage: (message) => setup.webPoster.updateMessage(message),
      findMessageByMetadata: (...args) => setup.webPoster.findMessageByMetadata(...args),
      postDirectMessage: (user, text) => setup.webPoster.postDirectMessage(user, text),
      uploadFile: (file) => setup.webPoster.uploadFile(file),
      userName: (user) => setup.webPoster.userName(user),
    };
    const s = digestSetup({ poster });
    const channel = freshChannel(fake, "crash");
    const sub = await digestSubscription(channel);
    await deliverDigestNow(s, sub);
    expect(crashed).toBe(true);
    expect(digestsIn(channel)).toHaveLength(1);
  });

  it("a post that timed out and lands late is not posted again before it could have landed", async () => {
    let landed: Promise<unknown> | null = null;
    const poster: SlackPoster = {
      // The client gives up at once; Slack posts it half a second later.
      postMessage: async (message) => {
        if (landed || message.metadata?.event_type !== DIGEST_EVENT_TYPE)
          return setup.webPoster.postMessage(message);
        landed = new Promise((resolve) => setTimeout(resolve, 500)).then(() =>
          setup.webPoster.postMessage(message),
        );
        throw new Error("Slack call timed out");
      },
      updateMessage: (message) => setup.webPoster.updateMessage(message),
      findMessageByMetadata: (...args) => setup.webPoster.findMessageByMetadata(...args),
      uploadFile: (file) => setup.webPoster.uploadFile(file),
      postDirectMessage: (user, text) => setup.webPoster.postDirectMessage(user, text),
      userName: (user) => setup.webPoster.userName(user),
    };
    let now = Date.now();
    const s = digestSetup({ poster, now: () => now });
    const channel = freshChannel(fake, "late");
    const sub = await digestSubscription(channel);
    const period = digestPeriod("daily", "UTC", latestOccurrence("daily", "UTC", now));
    const event = {
      type: "digest" as const,
      subscriptionId: sub.id,
      cadence: "daily" as const,
      timeZone: "UTC",
      period,
    };

    expect(await s.digests.deliverTo(sub, "1-0", event)).toBe("retry");
    // Retried at once: the first post has not landed, and it still may: no second post.
    now += 1_000;
    expect(await s.digests.deliverTo(sub, "1-0", event)).toBe("retry");
    expect(digestsIn(channel)).toHaveLength(0);
    await landed;
    // Once it could no longer land the lookup decides: it did, so nothing more is posted.
    now += POST_SETTLE_MS;
    expect(await s.digests.deliverTo(sub, "1-0", event)).toBe("skipped");
    expect(digestsIn(channel)).toHaveLength(1);
  });

  it("takes a 401 as a suspicion: said refused only when GET /users/me refuses the token too", async () => {
    const s = digestSetup();
    const channel = freshChannel(fake, "suspicion");
    const sub = await digestSubscription(channel);
    const now = Date.now();
    const period = digestPeriod("daily", "UTC", latestOccurrence("daily", "UTC", now));
    const event = {
      type: "digest" as const,
      subscriptionId: sub.id,
      cadence: "daily" as const,
      timeZone: "UTC",
      period,
    };
    try {
      // The team's reads refused, GET /users/me still accepts the token: retried, nothing said.
      simulator.control.setFault({ status: 401, token: DEMO_TOKENS.owner, path: "/teams/" });
      expect(await s.digests.deliverTo(sub, "1-0", event)).toBe("retry");
      expect(digestsIn(channel)).toEqual([]);
      // The token itself refused: said once in the channel.
      simulator.control.setFault({ status: 401, token: DEMO_TOKENS.owner });
      expect(await s.digests.deliverTo(sub, "1-0", event)).toBe("posted");
      expect(textOf(digestsIn(channel)[0]!)).toContain("the Uptime API refused the subscriber's token");
    } finally {
      simulator.control.clearFaults();
    }
  });

  it("says in the channel when the subscriber's link is gone, instead of going quiet", async () => {
    const s = digestSetup();
    const channel = freshChannel(fake, "unlinked");
    const sub = await digestSubscription(channel, false);
    await deliverDigestNow(s, sub);
    const [notice] = digestsIn(channel);
    expect(textOf(notice!)).toContain(
      "Daily digest could not be read: the person who subscribed is no longer logged in.",
    );
  });
});
