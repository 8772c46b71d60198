import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_EVENT_TYPE } from "../../src/alerts/deliver/alert-metadata";
import type { StoredMessage } from "../../src/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../src/simulator";
import { ALERT_COLORS } from "../../src/ui/alerts/alert-parts";
import { linkUser, type Stack, startStack, textOf, writableAppDmManifest } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 9 Primary database, 10 Redis cache.
const PRIMARY_DATABASE = 9;
const REDIS_CACHE = 10;

const hhmm = (at: number) => new Date(at).toISOString().slice(11, 16);

/**
 * `/uptime subscribe` in the app's DM (issue 15, personal alerts): the person's own alerts, and during the
 * API user's quiet hours (silentStart-silentEnd, read from their record) an alert arrives as a reply in the
 * subscribe message's thread, never broadcast, mentioning nobody: Slack notifies nobody of it.
 */
describe("personal alerts in the app's DM", () => {
  let stack: Stack;
  let aliceDm: string;
  let carolDm: string;

  /** PATCH /users/me as the token's user: the API user's own quiet hours (A7). */
  const setQuietHours = async (token: string, silentStart: string, silentEnd: string) => {
    const response = await fetch(`${stack.simulator.url}/users/me`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        data: { type: "users", id: "me", attributes: { silentStart, silentEnd, timeZone: "UTC" } },
      }),
    });
    expect(response.status).toBe(200);
  };
  const alertsIn = (channel: string): StoredMessage[] =>
    (stack.slack.state.conversation(channel)?.messages ?? []).filter(
      (m) => m.metadata?.event_type === ALERT_EVENT_TYPE,
    );
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const announcementIn = (channel: string) =>
    waitFor(stack.slack.events, () =>
      stack.slack.state.channelMessages(channel).find((m) => m.text.startsWith("🔔 Your personal alerts")),
    );

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      // `/uptime subscribe` is typed in the app's DM: only a writable Messages tab has a composer there.
      slackManifest: writableAppDmManifest(),
    });
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0CAROL", DEMO_TOKENS.member);
    // Alice is in her quiet hours now (the hour around now, UTC); Carol's are hours away.
    const now = Date.now();
    await setQuietHours(DEMO_TOKENS.owner, hhmm(now - 3_600_000), hhmm(now + 3_600_000));
    await setQuietHours(DEMO_TOKENS.member, hhmm(now + 6 * 3_600_000), hhmm(now + 8 * 3_600_000));
    aliceDm = stack.slack.state.openIm("U0ALICE").conversation.id;
    carolDm = stack.slack.state.openIm("U0CAROL").conversation.id;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("subscribes the person in the DM, says when it is quiet, and mentions nobody even when asked to", async () => {
    await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: aliceDm,
      text: "subscribe --mention channel",
    });
    const alice = textOf(await announcementIn(aliceDm));
    expect(alice).toContain("You now get alerts for every monitor of *Acme Production*");
    expect(alice).toMatch(/🌙 Quiet hours \d\d:\d\d–\d\d:\d\d \(UTC, from your Uptime profile\)/);
    expect(alice).not.toContain("pinging");

    await stack.slack.sender.slashCommand({ userId: "U0CAROL", channelId: carolDm, text: "subscribe" });
    expect(textOf(await announcementIn(carolDm))).toContain("🌙 Quiet hours");
  });

  it("delivers in quiet hours as a quiet reply in the subscribe message's thread; outside them at the top", async () => {
    const announcement = await announcementIn(aliceDm);
    const incident = stack.simulator.control.fail(PRIMARY_DATABASE, "Connection refused");
    expect(incident).not.toBeNull();

    // Carol, outside her quiet hours: a message of its own in her DM.
    const carolRoot = await waitFor(
      stack.slack.events,
      () => alertsIn(carolDm).find((m) => m.thread_ts === undefined),
      20_000,
    );
    expect(textOf(carolRoot)).toContain("Primary database");

    // Alice, in hers: a reply in the thread of her subscribe message, not broadcast, no mention.
    const quiet = await waitFor(stack.slack.events, () => alertsIn(aliceDm)[0], 20_000);
    expect(quiet.thread_ts).toBe(announcement.ts);
    expect(quiet.subtype).toBeUndefined();
    expect(textOf(quiet)).toContain("Primary database");
    expect(quiet.text).not.toMatch(/<!channel>|<!here>|<@U/);
    expect(
      stack.slack.state.channelMessages(aliceDm).filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE),
    ).toEqual([]);

    // It turns green in place on recovery, still in the thread.
    stack.simulator.control.recover(PRIMARY_DATABASE);
    await waitFor(
      stack.slack.events,
      () => alertsIn(aliceDm).find((m) => m.ts === quiet.ts && color(m) === ALERT_COLORS.resolved),
      20_000,
    );
    expect(alertsIn(aliceDm)).toHaveLength(1);
  });

  it("notifies as usual once the quiet hours are over (re-read at the next subscribe)", async () => {
    const now = Date.now();
    await setQuietHours(DEMO_TOKENS.owner, hhmm(now + 6 * 3_600_000), hhmm(now + 8 * 3_600_000));
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: aliceDm, text: "subscribe" });
    await waitFor(stack.slack.events, () =>
      stack.slack.state
        .channelMessages(aliceDm)
        .find((m) => m.text.startsWith("🔔 Your personal alerts") && /keep getting/.test(textOf(m))),
    );
    stack.simulator.control.fail(REDIS_CACHE, "Timeout");
    const root = await waitFor(
      stack.slack.events,
      () => alertsIn(aliceDm).find((m) => m.thread_ts === undefined && textOf(m).includes("Redis cache")),
      20_000,
    );
    expect(root.text).not.toMatch(/<!channel>|<!here>/);
    stack.simulator.control.recover(REDIS_CACHE);
  });
});
