import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FakeSlack } from "../../../dev/playground/fake-slack";
import { ALERT_EVENT_TYPE } from "../../../src/alerts/engine/alert-metadata";
import type { SlackPoster } from "../../../src/slack/slack-poster";
import { testRedis } from "../../support/redis";
import { API_TEAM, alertEvent, alertSetup, freshChannel, startSlack, TARGET, WS } from "./harness";

const { redis, prefix } = testRedis();
let fake: FakeSlack;
let setup: ReturnType<typeof alertSetup>;

beforeAll(async () => {
  fake = await startSlack();
});
afterAll(() => fake.close());
afterEach(() => setup?.stopAll());

/** A fresh channel view per test: the fake is shared, so tests use their own channels' new messages. */
function topLevel(channel: string, since: number) {
  return fake.state.channelMessages(channel).filter((m) => Number(m.ts) * 1000 >= since);
}

function colorOf(message: { attachments?: unknown[] } | undefined): string | undefined {
  return (message?.attachments?.[0] as { color?: string } | undefined)?.color;
}

function dmsTo(user: string) {
  const im = [...fake.state.conversations.values()].find((c) => c.isIm && c.imUser === user);
  return im?.messages ?? [];
}

describe("alert delivery through the outbox, WebClient and the fake Slack", () => {
  it("posts one root with metadata, turns it amber, then green with exactly one quiet thread reply", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "life");
    const sub = await setup.subscribe(channel);
    // The poller's path: a target registered, claimed, and committed with the event.
    await setup.scheduler.add(TARGET, { subscriber: sub.id, group: "hash1" }, 0);
    const shard = setup.scheduler.shardOf(TARGET);
    const [claim] = await setup.scheduler.claim(shard, Date.now(), 30_000, 10, "poller");
    expect(claim?.target).toBe(TARGET);
    const opened = alertEvent("opened", "1");
    await setup.scheduler.commit(shard, TARGET, claim!.leaseToken, {
      now: Date.now(),
      state: "{}",
      nextDueAt: Date.now() + 60_000,
      failures: "reset",
      events: [JSON.stringify(opened)],
    });
    await setup.worker().start();
    await setup.drained();

    const roots = fake.state.channelMessages(channel);
    expect(roots).toHaveLength(1);
    const root = roots[0]!;
    expect(root.text).toBe("<!here> 🔴 Service 101 is down: HTTP 503");
    expect(colorOf(root)).toBe("#E01E5A");
    expect(root.metadata).toMatchObject({
      event_type: ALERT_EVENT_TYPE,
      event_payload: { incident_id: "1", channel },
    });
    expect(await setup.messages.get(WS, channel, "1")).toMatchObject({ ts: root.ts, stage: "open" });

    await setup.emit(alertEvent("acknowledged", "1"));
    await setup.drained();
    let message = fake.state.findMessage(channel, root.ts)!;
    expect(colorOf(message)).toBe("#ECB22E");
    expect(message.text).toBe("🟠 Service 101 is down, acknowledged in the Uptime app");

    await setup.emit(alertEvent("resolved", "1"));
    await setup.emit(alertEvent("resolved", "1")); // redelivered: no second reply
    await setup.drained();
    message = fake.state.findMessage(channel, root.ts)!;
    expect(colorOf(message)).toBe("#2EB67D");
    expect(message.text).toBe("✅ Service 101 recovered after 4m 12s");
    expect(fake.state.channelMessages(channel)).toHaveLength(1);
    // The incident's timeline: the acknowledge, then the recovery, each once, quiet.
    const replies = fake.state.replies(channel, root.ts);
    expect(replies.map((r) => r.text)).toEqual([
      "👀 Acknowledged in the Uptime app",
      "✅ Service 101 recovered after 4m 12s",
    ]);
    for (const reply of replies) {
      expect(reply.subtype).toBeUndefined();
      expect(reply.text).not.toMatch(/<!here>|<!channel>|<@U/);
    }

    // A stale event never moves the message back.
    await setup.emit(alertEvent("opened", "1"), alertEvent("acknowledged", "1"));
    await setup.drained();
    expect(colorOf(fake.state.findMessage(channel, root.ts))).toBe("#2EB67D");
    expect(fake.state.channelMessages(channel)).toHaveLength(1);
  });

  it("names who acknowledged from Slack on every channel's message (issue 15, attribution)", async () => {
    setup = alertSetup(redis, prefix, fake);
    const first = freshChannel(fake, "acka");
    const second = freshChannel(fake, "ackb");
    await setup.subscribe(first);
    await setup.subscribe(second);
    await setup.emit(alertEvent("opened", "7"));
    await setup.worker().start();
    await setup.drained();
    // `/uptime ack 7` in another channel: no message was clicked, the attribution names the user.
    await setup.messages.setAckedBy(WS, "7", "U0ACKER");
    await setup.emit(alertEvent("acknowledged", "7"));
    await setup.drained();
    for (const channel of [first, second]) {
      const [root] = fake.state.channelMessages(channel);
      expect(root?.text).toBe("🟠 Service 107 is down, acknowledged by <@U0ACKER>");
    }
  });

  it("posts one root when the same event is delivered twice", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "twice");
    await setup.subscribe(channel);
    await setup.emit(alertEvent("opened", "2"), alertEvent("opened", "2"));
    await setup.worker().start();
    await setup.drained();
    expect(fake.state.channelMessages(channel)).toHaveLength(1);
  });

  it("after a crash between posting and storing the ts, the reclaiming worker finds the post by metadata", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "crash");
    await setup.subscribe(channel);
    let crashed = false;
    // The process "dies" right after Slack accepted the post: the ts is never stored, the entry not acked.
    const dying: SlackPoster = {
      postMessage: async (message) => {
        await setup.webPoster.postMessage(message);
        crashed = true;
        throw new Error("process died after posting");
      },
      updateMessage: (message) => setup.webPoster.updateMessage(message),
      findMessageByMetadata: (...args) => setup.webPoster.findMessageByMetadata(...args),
      postDirectMessage: (user, text) => setup.webPoster.postDirectMessage(user, text),
      uploadFile: (file) => setup.webPoster.uploadFile(file),
      userName: (user) => setup.webPoster.userName(user),
    };
    const first = setup.worker({ poster: dying, reclaimIdleMs: 60_000 });
    await setup.emit(alertEvent("opened", "3"));
    await first.start();
    while (!crashed) await new Promise((resolve) => setTimeout(resolve, 10));
    await first.stop();
    const record = await setup.messages.get(WS, channel, "3");
    expect(record?.attempt).toBeDefined();
    expect(record?.ts).toBeUndefined();

    const historyCalls = fake.state.callsOf("conversations.history").length;
    await setup.worker({ consumer: "survivor" }).start();
    await setup.drained();
    expect(fake.state.channelMessages(channel)).toHaveLength(1);
    expect(fake.state.callsOf("conversations.history").length).toBeGreaterThan(historyCalls);
    expect((await setup.messages.get(WS, channel, "3"))?.ts).toBe(fake.state.channelMessages(channel)[0]!.ts);
  });

  it("waits out a 429 and still posts exactly one message", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "limited");
    await setup.subscribe(channel);
    const before = fake.state.callsOf("chat.postMessage").length;
    fake.failNext("chat.postMessage", { status: 429, retryAfter: 1 });
    await setup.emit(alertEvent("opened", "4"));
    await setup.worker().start();
    await setup.drained();
    expect(fake.state.channelMessages(channel)).toHaveLength(1);
    expect(fake.state.callsOf("chat.postMessage").length - before).toBe(2);
  });

  it("pauses a subscription on not_in_channel and tells the subscriber once, other channels unaffected", async () => {
    setup = alertSetup(redis, prefix, fake);
    const good = freshChannel(fake, "good");
    const quiet = await setup.subscribe("C0QUIET", { subscriber: { userId: "U0BOB", apiUserId: "6" } });
    await setup.subscribe(good);
    const dmsBefore = dmsTo("U0BOB").length;
    await setup.worker().start();
    await setup.emit(alertEvent("opened", "5"));
    await setup.drained();
    await setup.emit(alertEvent("resolved", "5"), alertEvent("opened", "6"));
    await setup.drained();

    expect((await setup.subscriptions.get(quiet.id))?.paused).toMatchObject({
      reason: "not_in_channel",
      notified: true,
    });
    expect(dmsTo("U0BOB").length - dmsBefore).toBe(1);
    expect(dmsTo("U0BOB").at(-1)?.text).toContain("<#C0QUIET>");
    expect(fake.state.channelMessages("C0QUIET")).toHaveLength(0);
    expect(fake.state.channelMessages(good)).toHaveLength(2);
  });

  it("rolls a storm of 8 opens within a minute into one roll-up, updated on recovery", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "storm");
    await setup.subscribe(channel);
    const ids = ["11", "12", "13", "14", "15", "16", "17", "18"];
    await setup.emit(...ids.map((id, i) => alertEvent("opened", id, { startedMin: i / 10 })));
    await setup.worker().start();
    await setup.drained();

    const messages = fake.state.channelMessages(channel);
    const rollups = messages.filter((m) => m.metadata?.event_type === "uptime_alert_rollup");
    const roots = messages.filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE);
    expect(rollups).toHaveLength(1);
    expect(roots.length).toBeLessThanOrEqual(5);
    expect(rollups[0]!.text).toBe("🔴 8 of 42 monitors down");
    // The team by its name, as the poller read it with the counters.
    expect(JSON.stringify(rollups[0]!.attachments)).toContain("in *Acme Production*");

    await setup.emit(...ids.map((id, i) => alertEvent("resolved", id, { startedMin: i / 10, endedMin: 5 })));
    await setup.drained();
    const rollup = fake.state.findMessage(channel, rollups[0]!.ts)!;
    expect(rollup.text).toBe("✅ All 8 monitors of the outage recovered");
    expect(colorOf(rollup)).toBe("#2EB67D");
    expect(fake.state.channelMessages(channel)).toHaveLength(messages.length);
  });

  it("follows a subscription's own --storm and --flap instead of the defaults", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "ownrules");
    await setup.subscribe(channel, { rules: { storm: 2, flap: { count: 2, windowMinutes: 60 } } });
    // Three opens within a minute: above --storm 2 (the default, 5, would post three roots).
    await setup.emit(...["31", "32", "33"].map((id, i) => alertEvent("opened", id, { startedMin: i / 10 })));
    await setup.worker().start();
    await setup.drained();
    const messages = fake.state.channelMessages(channel);
    expect(messages.filter((m) => m.metadata?.event_type === "uptime_alert_rollup")).toHaveLength(1);
    expect(messages.filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE)).toHaveLength(2);
    // --flap 2/60m: a monitor's second incident within the hour marks it flapping, and the third goes to
    // the thread (the default marks the third and threads the fourth).
    const other = freshChannel(fake, "ownflap");
    await setup.subscribe(other, { rules: { flap: { count: 2, windowMinutes: 60 } } });
    await setup.emit(
      alertEvent("opened", "41", { monitorId: "950", startedMin: 10 }),
      alertEvent("resolved", "41", { monitorId: "950", startedMin: 10, endedMin: 11 }),
      alertEvent("opened", "42", { monitorId: "950", startedMin: 40 }),
      alertEvent("resolved", "42", { monitorId: "950", startedMin: 40, endedMin: 41 }),
      alertEvent("opened", "43", { monitorId: "950", startedMin: 50 }),
    );
    await setup.drained();
    const roots = fake.state
      .channelMessages(other)
      .filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE);
    expect(roots).toHaveLength(2);
    const last = roots.at(-1)!;
    expect(fake.state.replies(other, last.ts).some((m) => m.text.includes("Service 950 is down"))).toBe(true);
  });

  it("sends the 4th incident of a flapping monitor into the thread of its last root", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "flap");
    await setup.subscribe(channel);
    for (const [i, id] of ["21", "22", "23", "24"].entries()) {
      await setup.emit(
        alertEvent("opened", id, { monitorId: "900", startedMin: i * 3 }),
        alertEvent("resolved", id, { monitorId: "900", startedMin: i * 3, endedMin: i * 3 + 1 }),
      );
    }
    await setup.worker().start();
    await setup.drained();
    const roots = fake.state.channelMessages(channel);
    expect(roots).toHaveLength(3);
    const last = roots[2]!;
    expect(JSON.stringify(last.attachments)).toContain("Flapping:* 4 incidents in 15 min");
    const thread = fake.state.replies(channel, last.ts);
    const flapMessage = thread.find((m) => m.metadata?.event_payload.incident_id === "24");
    expect(flapMessage).toBeDefined();
    expect(flapMessage!.text).not.toContain("<!here>");
    expect(colorOf(flapMessage)).toBe("#2EB67D");
  });

  it("marks the last root flapping on the redelivery of a 4th incident whose thread reply was posted before the update failed", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "flapretry");
    await setup.subscribe(channel);
    for (const [i, id] of ["25", "26", "27"].entries()) {
      await setup.emit(
        alertEvent("opened", id, { monitorId: "901", startedMin: i * 3 }),
        alertEvent("resolved", id, { monitorId: "901", startedMin: i * 3, endedMin: i * 3 + 1 }),
      );
    }
    await setup.worker().start();
    await setup.drained();
    const last = fake.state.channelMessages(channel)[2]!;
    expect(JSON.stringify(last.attachments)).toContain("Flapping:* 3 incidents in 15 min");
    // The reply in the last root's thread is posted; the root's update then fails, as a replica killed
    // between the two would leave it, and the outbox entry is delivered again.
    fake.failNext("chat.update", { status: 500 });
    await setup.emit(alertEvent("opened", "28", { monitorId: "901", startedMin: 9 }));
    await setup.drained();
    expect(fake.state.channelMessages(channel)).toHaveLength(3);
    const root = fake.state.findMessage(channel, last.ts)!;
    expect(JSON.stringify(root.attachments)).toContain("Flapping:* 4 incidents in 15 min");
    const replies = fake.state.replies(channel, last.ts);
    expect(replies.filter((m) => m.metadata?.event_payload.incident_id === "28")).toHaveLength(1);
  });

  it("posts no root for a muted monitor, and nothing when it recovers", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "mute");
    await setup.subscribe(channel);
    await setup.mutes.muteFor(WS, channel, "131", 1);
    await setup.emit(alertEvent("opened", "31"), alertEvent("resolved", "31"), alertEvent("opened", "32"));
    await setup.worker().start();
    await setup.drained();
    const messages = fake.state.channelMessages(channel);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.metadata?.event_payload.incident_id).toBe("32");
  });

  it("two workers on the same stream post each incident once", async () => {
    setup = alertSetup(redis, prefix, fake);
    const a = freshChannel(fake, "pair");
    const b = freshChannel(fake, "pair");
    await setup.subscribe(a);
    await setup.subscribe(b, { mention: null, filters: { monitors: [], groups: [] } });
    const ids = Array.from({ length: 6 }, (_, i) => String(41 + i));
    // Far apart in time: no storm; each incident opened, acknowledged and resolved.
    await setup.emit(
      ...ids.flatMap((id, i) => [
        alertEvent("opened", id, { startedMin: i * 30 }),
        alertEvent("acknowledged", id, { startedMin: i * 30 }),
        alertEvent("resolved", id, { startedMin: i * 30 }),
      ]),
    );
    await Promise.all([setup.worker({ batchSize: 1 }).start(), setup.worker({ batchSize: 1 }).start()]);
    // 18 posts per channel: Slack's chat.postMessage tier (about 1 per second per channel after a short
    // burst, which the fake Slack enforces) makes this take about as many seconds.
    await setup.drained(40_000);
    for (const channel of [a, b]) {
      const messages = fake.state.channelMessages(channel);
      expect(messages.map((m) => m.metadata?.event_payload.incident_id).sort()).toEqual(ids);
      for (const m of messages) {
        expect(colorOf(m)).toBe("#2EB67D");
        // The acknowledge and the recovery: once each, however the two workers interleave.
        expect(
          fake.state
            .replies(channel, m.ts)
            .map((r) => r.metadata?.event_type)
            .sort(),
        ).toEqual(["uptime_alert_ack", "uptime_alert_recovery"]);
      }
    }
  }, 60_000);

  it("an Acknowledge click redraws the same message; the poller's later event keeps who acknowledged", async () => {
    setup = alertSetup(redis, prefix, fake);
    const channel = freshChannel(fake, "click");
    await setup.subscribe(channel);
    await setup.emit(alertEvent("opened", "51"));
    await setup.worker().start();
    await setup.drained();
    const [root] = fake.state.channelMessages(channel);

    const delivery = setup.delivery();
    expect(
      await delivery.redraw.afterAcknowledge({
        workspace: WS,
        channelId: channel,
        incidentId: "51",
        ackedBy: "U0BOB",
      }),
    ).toBe(true);
    expect(fake.state.findMessage(channel, root!.ts)?.text).toBe(
      "🟠 Service 151 is down, acknowledged by <@U0BOB>",
    );

    await setup.emit(alertEvent("acknowledged", "51"));
    await setup.drained();
    expect(fake.state.findMessage(channel, root!.ts)?.text).toBe(
      "🟠 Service 151 is down, acknowledged by <@U0BOB>",
    );
    expect(await setup.messages.get(WS, channel, "51")).toMatchObject({
      stage: "acknowledged",
      ackedBy: "U0BOB",
    });
    expect(
      await delivery.redraw.afterAcknowledge({
        workspace: WS,
        channelId: channel,
        incidentId: "404",
        ackedBy: "U0BOB",
      }),
    ).toBe(false);
    expect(API_TEAM).toBe("12");
    expect(topLevel(channel, 0)).toHaveLength(1);
  });
});
