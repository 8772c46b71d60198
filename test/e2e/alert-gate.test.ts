// One gate for every alert kind (src/alerts/engine/alert-gate.ts, docs/alerts.md "Which alerts a quiet
// time holds"): each kind posted during a maintenance window and during a person's quiet hours, and what
// the table declares checked. A channel with `--slow`, `--escalate` and `--digest` and a window over all
// its monitors; a person's own alerts with a reminder and a digest, in their quiet hours. The real bot over
// signed HTTP, the fake Slack, the simulator and Redis.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import {
  ALERT_EVENT_TYPE,
  ESCALATION_EVENT_TYPE,
  SLOW_EVENT_TYPE,
} from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { DIGEST_EVENT_TYPE } from "../../src/alerts/kinds/digest/digest-delivery";
import { AlertMessageStore } from "../../src/store/alert-message-store";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions, blocks, personalDigestChoices, views } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { hhmm, setQuietHours } from "../support/personal-alerts";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 3 Blog, 4 Docs, 9 Primary database.
const BLOG = 3;
const DOCS = 4;
const PRIMARY_DATABASE = 9;
const CHANNEL = "C0ALERTS";
const OWNER = "U0ALICE";
/** Max, a regular member of team 1, with his own alerts in his DM. */
const PERSON = "U0CAROL";
const WS = { teamId: "" };
const HOUR = 3_600_000;
const A = actions.personalAlerts;
const B = blocks.personalAlerts;

describe("one gate for every alert kind: a maintenance window and quiet hours", () => {
  let stack: Stack;
  let redis: Redis;
  let records: AlertMessageStore;
  let dm: string;
  // The bot's clock: moved three hours on into the person's quiet hours, instead of waiting for them.
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };

  const messagesIn = (channel: string, eventType: string) =>
    stack.slack.state.channelMessages(channel).filter((m) => m.metadata?.event_type === eventType);
  const repliesIn = (channel: string, eventType: string) =>
    (stack.slack.state.conversation(channel)?.messages ?? []).filter(
      (m) => m.metadata?.event_type === eventType,
    );
  const ofIncident = (messages: StoredMessage[], incidentId: string) =>
    messages.filter((m) => m.metadata?.event_payload.incident_id === incidentId);
  /** A message of its own (a parent's thread_ts is its own ts once its thread has replies). */
  const topLevel = (m: StoredMessage) => m.thread_ts === undefined || m.thread_ts === m.ts;
  const wait = <T>(find: () => T | undefined) => waitFor(stack.slack.events, find, 20_000);
  const control = async (path: string, body?: unknown) => {
    const res = await fetch(`${stack.simulator.url}/__simulator/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    expect(res.status).toBe(200);
  };
  /** Schedules of one kind made due now (the bots' 09:00 digest is hours away). */
  const makeDue = async (kind: "digest:" | "escalation:") => {
    const keys = keyspace(stack.keyPrefix);
    const scheduler = new PollTargetStore({ redis, keys });
    let moved = 0;
    for (let shard = 0; shard < scheduler.shards; shard++) {
      for (const id of await redis.zrange(keys.scheduleDue(shard), 0, -1)) {
        if (!id.startsWith(kind)) continue;
        await redis.zadd(keys.scheduleDue(shard), Date.now(), id);
        moved++;
      }
    }
    return moved;
  };

  beforeAll(async () => {
    stack = await startStack({ env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" }, bot: { clock } });
    WS.teamId = stack.slack.config.teamId;
    redis = new Redis(inject("redisUrl"));
    records = new AlertMessageStore({ redis, keys: keyspace(stack.keyPrefix) });
    await linkUser(stack, OWNER, DEMO_TOKENS.owner);
    await linkUser(stack, PERSON, DEMO_TOKENS.member);
    // The person's quiet hours begin in two hours (UTC), read when they save their alerts.
    const now = Date.now();
    await setQuietHours(stack, DEMO_TOKENS.member, hhmm(now + 2 * HOUR), hhmm(now + 4 * HOUR));

    await stack.slack.sender.slashCommand({
      userId: OWNER,
      channelId: CHANNEL,
      text: "subscribe --slow 2s --escalate 1m --digest daily",
    });
    await wait(() =>
      stack.slack.state.channelMessages(CHANNEL).find((m) => /now gets alerts/.test(textOf(m))),
    );

    // The person's alerts, from App Home's "Alert me about…": every monitor, a reminder after 1 minute and
    // a daily digest.
    dm = stack.slack.state.openIm(PERSON).conversation.id;
    await stack.slack.sender.event({ type: "app_home_opened", user: PERSON, channel: dm, tab: "home" });
    const home = await wait(() => {
      const view = stack.slack.state.homeViews.get(PERSON);
      return view && JSON.stringify(view.blocks).includes(actions.personalAlertsOpen) ? view : undefined;
    });
    await stack.slack.sender.blockAction({
      userId: PERSON,
      container: { type: "view", viewId: home.id },
      actions: [{ action_id: actions.personalAlertsOpen, block_id: blocks.homePersonalAlerts }],
    });
    const modal = await wait(() => {
      const view = stack.slack.state.topModal(PERSON);
      return view?.callback_id === views.personalAlerts ? view : undefined;
    });
    await stack.slack.sender.viewSubmission({
      userId: PERSON,
      viewId: modal.id,
      values: {
        [B.monitors]: { [A.monitors]: { type: "multi_external_select", selected_options: [] } },
        [B.groups]: { [A.groups]: { type: "multi_external_select", selected_options: [] } },
        [B.escalate]: { [A.escalate]: { type: "number_input", value: "1" } },
        [B.digest]: {
          [A.digest]: {
            type: "static_select",
            selected_option: {
              text: { type: "plain_text", text: "Daily" },
              value: personalDigestChoices.daily,
            },
          },
        },
      },
    });
    await wait(() =>
      stack.slack.state.channelMessages(dm).find((m) => m.text.startsWith("🔔 Your personal alerts")),
    );

    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    for (const token of [DEMO_TOKENS.owner, DEMO_TOKENS.member]) {
      await eventually(async () => {
        const state = (await scheduler.inspect(pollTargetName("1", token)))?.state;
        return state && JSON.parse(state).baselined === true ? true : undefined;
      }, 15_000);
    }
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("holds outages, escalation steps and slow alerts in a window and quiets them in quiet hours; digests pass both", async () => {
    // Before the window and the quiet hours: Docs is alerted at the top of both, each with its reminders booked.
    const docs = stack.simulator.control.fail(DOCS, "HTTP 503")!.id;
    const channelRoot = await wait(() => ofIncident(messagesIn(CHANNEL, ALERT_EVENT_TYPE), docs)[0]);
    const dmRoot = await wait(() => ofIncident(messagesIn(dm, ALERT_EVENT_TYPE), docs)[0]);
    expect(topLevel(channelRoot)).toBe(true);
    expect(topLevel(dmRoot)).toBe(true);

    const planned = textOf(await stack.command(OWNER, "maintenance all 1d --reason migration", CHANNEL));
    const windowId = /Maintenance `([a-z0-9]+)` planned/.exec(planned)?.[1];
    expect(windowId, planned).toBeDefined();
    // Three hours on: the person's quiet hours; the window is on.
    offsetMs = 3 * HOUR;

    // Outage: held by the window in the channel; a quiet reply in the person's summary thread.
    const database = stack.simulator.control.fail(PRIMARY_DATABASE, "Connection refused")!.id;
    const held = await eventually(
      async () => (await records.get(WS, CHANNEL, database)) ?? undefined,
      20_000,
    );
    expect(held).toMatchObject({ mode: "muted", heldBy: windowId });
    const quiet = await wait(() => ofIncident(repliesIn(dm, ALERT_EVENT_TYPE), database)[0]);
    expect(quiet.thread_ts).toBeDefined();
    expect(quiet.subtype).toBeUndefined();

    // Slow alert: none in the window's channel (the person's alerts have no --slow rule).
    await control(`monitors/${BLOG}/slow`, { ms: 2500 });
    for (let i = 0; i < 3; i++) await control("checks/run", { monitorId: BLOG });

    // Escalation step: none in the window; the person's reminder stays in the thread, not broadcast. Both
    // fell due when the clock moved on (a minute after the outage began), or now at the latest.
    await makeDue("escalation:");
    const reminder = await wait(() => ofIncident(repliesIn(dm, ESCALATION_EVENT_TYPE), docs)[0]);
    expect(reminder.thread_ts).toBe(dmRoot.ts);
    expect(reminder.subtype).toBeUndefined();
    expect(
      stack.slack.state.callsOf("chat.postMessage").filter((c) => {
        const args = c.args as { channel?: string; reply_broadcast?: boolean; metadata?: unknown };
        return args.channel === dm && args.reply_broadcast === true;
      }),
    ).toHaveLength(0);

    // Digest: exempt from both, posted at the top of the channel and of the person's DM.
    await makeDue("digest:");
    const channelDigest = await wait(() => messagesIn(CHANNEL, DIGEST_EVENT_TYPE)[0]);
    const dmDigest = await wait(() => messagesIn(dm, DIGEST_EVENT_TYPE)[0]);
    expect(topLevel(channelDigest)).toBe(true);
    expect(topLevel(dmDigest)).toBe(true);

    // By now the slow checks and the channel's step had their turn (each comes within a poll or two, as the
    // person's reminder and the digests did): neither was posted in the window.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect
      .soft(ofIncident(repliesIn(CHANNEL, ESCALATION_EVENT_TYPE), docs), "escalation step")
      .toHaveLength(0);
    expect.soft(messagesIn(CHANNEL, SLOW_EVENT_TYPE), "slow alert").toHaveLength(0);
    expect.soft(ofIncident(messagesIn(CHANNEL, ALERT_EVENT_TYPE), database), "outage").toHaveLength(0);
  });
});
