// Issue 37: planned quiet windows (`/uptime maintenance`) and mute until recovered, end to end on two bot
// replicas sharing one Redis: the real bot over signed HTTP, the fake Slack, the simulator. A window holds
// back an outage and says so at its start and end; an outage still going on at the end is alerted then,
// once; one that recovered within it never is; a mute until recovered ends with the recovery and says so
// in the incident's thread. Every note and alert is counted: nothing twice across the replicas.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { MAINTENANCE_EVENT_TYPE } from "../../src/alerts/kinds/maintenance/maintenance-delivery";
import { type RunningBot, startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { silentLogger } from "../../src/lib/logger";
import { AlertMessageStore } from "../../src/store/alert-message-store";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { muteUntilRecoveredCodec } from "../../src/ui/codecs";
import { actions } from "../../src/ui/ids";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 3 Blog, 4 Docs (group Website). Olivia owns team 1, Rita is read-only.
const BLOG = 3;
const DOCS = 4;
const CHANNEL = "C0ALERTS";
const OWNER = "U0ALICE";
const READ_ONLY = "U0BOB";
const WS = { teamId: "" };

describe("planned quiet windows and mute until recovered, on two replicas", () => {
  let stack: Stack;
  let second: RunningBot;
  let redis: Redis;
  let records: AlertMessageStore;
  // Both replicas' clock: moved forward past a window's planned end instead of waiting the shortest window
  // (1m) out in real time. The windows, their schedules and the delivery read it; Redis and Slack do not.
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };

  const channel = () => stack.slack.state.channelMessages(CHANNEL);
  const rootsOf = (incidentId: string) =>
    channel().filter(
      (m) =>
        m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
    );
  const notesOf = (windowId: string, phase: "start" | "end") =>
    channel().filter(
      (m) =>
        m.metadata?.event_type === MAINTENANCE_EVENT_TYPE &&
        m.metadata.event_payload.window_id === windowId &&
        m.metadata.event_payload.phase === phase,
    );
  const waitNote = (windowId: string, phase: "start" | "end", ms = 15_000) =>
    waitFor(stack.slack.events, () => notesOf(windowId, phase)[0], ms);
  const waitRoot = (incidentId: string, ready: (m: StoredMessage) => boolean = () => true) =>
    waitFor(
      stack.slack.events,
      () => {
        const root = rootsOf(incidentId)[0];
        return root && ready(root) ? root : undefined;
      },
      20_000,
    );
  const channelNote = (pattern: RegExp) =>
    waitFor(
      stack.slack.events,
      () =>
        channel()
          .filter((m) => pattern.test(textOf(m)))
          .at(-1),
      10_000,
    );
  /** The bot's own record of the incident in the channel, once it has one (the event was delivered). */
  const recordOf = (
    incidentId: string,
    ready: (r: { heldBy?: string; stage: string; mode: string }) => boolean,
  ) =>
    eventually(async () => {
      const record = await records.get(WS, CHANNEL, incidentId);
      return record && ready(record) ? record : undefined;
    }, 20_000);
  const plan = async (text: string) => {
    const answer = textOf(await stack.command(OWNER, text, CHANNEL));
    const id = /Maintenance `([a-z0-9]+)` planned/.exec(answer)?.[1];
    if (!id) throw new Error(`no window planned: ${answer}`);
    return { id, answer };
  };

  beforeAll(async () => {
    stack = await startStack({ env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" }, bot: { clock } });
    WS.teamId = stack.slack.config.teamId;
    // A second replica: its own process state, the same Redis, key prefix and encryption key.
    second = await startBot(
      loadConfig({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: stack.slack.apiUrl,
        PORT: "0",
        METRICS_PORT: "0",
        UPTIME_API_URL: stack.simulator.url,
        REDIS_URL: inject("redisUrl"),
        TOKEN_ENCRYPTION_KEY: stack.tokenEncryptionKey,
        ALERT_WORKERS: "1",
        POLL_INTERVAL_SECONDS: "1",
      }),
      { keyPrefix: stack.keyPrefix, logger: silentLogger, clock },
    );
    redis = new Redis(inject("redisUrl"));
    records = new AlertMessageStore({ redis, keys: keyspace(stack.keyPrefix) });
    await linkUser(stack, OWNER, DEMO_TOKENS.owner);
    await linkUser(stack, READ_ONLY, DEMO_TOKENS.readonly);
    await stack.slack.sender.slashCommand({ userId: OWNER, channelId: CHANNEL, text: "subscribe" });
    await channelNote(/now gets alerts/);
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    await eventually(async () => {
      const state = (await scheduler.inspect(pollTargetName("1", DEMO_TOKENS.owner)))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
  });
  afterAll(async () => {
    await second?.stop();
    await stack?.close();
    await redis?.quit();
  });

  it("refuses a window to a read-only member and explains bad input, planning nothing", async () => {
    const refused = textOf(await stack.command(READ_ONLY, "maintenance Docs 30m", CHANNEL));
    expect(refused).toContain("Read-only members of");
    expect(refused).toContain("can't plan or end maintenance windows");
    const bad = textOf(await stack.command(OWNER, "maintenance Docs 2w", CHANNEL));
    expect(bad).toContain('(got "2w")');
    const unsubscribed = textOf(await stack.command(OWNER, "maintenance Docs 30m", "C0GENERAL"));
    expect(unsubscribed).toContain("This channel gets no outage alerts");
    expect(textOf(await stack.command(OWNER, "maintenance", CHANNEL))).toMatch(/^No maintenance window/);
  });

  it("holds back an outage during a window, notes its start and end, and alerts the outage still going on once", async () => {
    const { id, answer } = await plan("maintenance Docs 30m --reason database upgrade");
    expect(answer).toContain("no outage alerts here for *Docs* from now until <!date^");
    const start = await waitNote(id, "start");
    expect(textOf(start)).toContain(
      `Maintenance \`${id}\` started: no outage alerts here for *Docs* until <!date^`,
    );
    expect(textOf(start)).toContain("Planned by <@U0ALICE>: _database upgrade_.");
    expect(textOf(await stack.command(OWNER, "maintenance", CHANNEL))).toContain(`\`${id}\` *Docs*`);

    const incidentId = stack.simulator.control.fail(DOCS, "HTTP 502 Bad Gateway")!.id;
    const held = await recordOf(incidentId, () => true);
    expect(held).toMatchObject({ mode: "muted", heldBy: id, stage: "open" });
    expect(rootsOf(incidentId)).toHaveLength(0);

    const ended = textOf(await stack.command(OWNER, `maintenance end ${id}`, CHANNEL));
    expect(ended).toContain(`Maintenance \`${id}\` ends now`);
    const end = await waitNote(id, "end");
    expect(textOf(end)).toContain(
      `ended early by <@U0ALICE>: outage alerts for *Docs* are posted here again`,
    );
    const root = await waitRoot(incidentId);
    expect(textOf(root)).toContain("Docs is down");

    stack.simulator.control.recover(DOCS);
    await waitFor(
      stack.slack.events,
      () => stack.slack.state.replies(CHANNEL, root.ts).find((m) => textOf(m).includes("recovered")),
      20_000,
    );
    // By now every replica had its chance: one start note, one end note, one alert.
    expect(notesOf(id, "start")).toHaveLength(1);
    expect(notesOf(id, "end")).toHaveLength(1);
    expect(rootsOf(incidentId)).toHaveLength(1);
    expect(textOf(await stack.command(OWNER, "maintenance", CHANNEL))).toMatch(/^No maintenance window/);
  });

  it("never alerts an outage that recovered within the window, which ends by itself", async () => {
    const { id } = await plan("maintenance group:Website 1m");
    await waitNote(id, "start");
    const incidentId = stack.simulator.control.fail(BLOG, "Connection timeout")!.id;
    await recordOf(incidentId, (r) => r.heldBy === id);
    stack.simulator.control.recover(BLOG);
    await recordOf(incidentId, (r) => r.stage === "resolved");
    // No end note before its time: the window is still on (a note would have come within a poll or two).
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(notesOf(id, "end")).toHaveLength(0);
    // The minute is over for both replicas: the window ends by itself, at its planned end.
    offsetMs += 60_000;
    const end = await waitNote(id, "end");
    expect(textOf(end)).toContain(`Maintenance \`${id}\` is over: outage alerts for the group *Website*`);
    expect(rootsOf(incidentId)).toHaveLength(0);
    expect(notesOf(id, "start")).toHaveLength(1);
    expect(notesOf(id, "end")).toHaveLength(1);
  }, 120_000);

  it("mutes until recovered from the alert's menu, and the recovery ends it in the incident's thread", async () => {
    const refused = textOf(await stack.command(OWNER, "mute Docs until-recovered", CHANNEL));
    expect(refused).toContain("*Docs* has no open outage alerted in this channel");

    const incidentId = stack.simulator.control.fail(DOCS, "HTTP 503")!.id;
    const root = await waitRoot(incidentId);
    const overflow = (root.attachments![0] as { blocks: { elements?: Record<string, unknown>[] }[] }).blocks
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === actions.mute) as { options: { value: string }[] };
    const option = overflow.options.find((o) => muteUntilRecoveredCodec.decode(o.value) !== null)!;
    expect(muteUntilRecoveredCodec.decode(option.value)).toEqual({
      monitorId: String(DOCS),
      channelId: CHANNEL,
      incidentId,
    });
    await stack.slack.sender.blockAction({
      userId: OWNER,
      container: { type: "message", channel: CHANNEL, ts: root.ts },
      actions: [
        { action_id: actions.mute, type: "overflow", selected_option: option } as { action_id: string },
      ],
    });
    const note = await channelNote(/<@U0ALICE> muted \*Docs\*/);
    expect(textOf(note)).toContain("in this channel until it recovers");
    await waitRoot(incidentId, (m) => textOf(m).includes("Muted here by <@U0ALICE> until it recovers"));
    expect(textOf(await stack.command(OWNER, "subscriptions", CHANNEL))).toContain(
      "*Docs* muted by <@U0ALICE> until it recovers",
    );

    stack.simulator.control.recover(DOCS);
    const reply = await waitFor(
      stack.slack.events,
      () => stack.slack.state.replies(CHANNEL, root.ts).find((m) => textOf(m).includes("recovered")),
      20_000,
    );
    expect(textOf(reply)).toContain("The mute set by <@U0ALICE> until it recovered has ended");
    await eventually(async () => {
      const list = textOf(await stack.command(OWNER, "subscriptions", CHANNEL));
      return list.includes("muted by") ? undefined : true;
    }, 10_000);
    expect(
      stack.slack.state.replies(CHANNEL, root.ts).filter((m) => textOf(m).includes("recovered")),
    ).toHaveLength(1);
    expect(rootsOf(incidentId)).toHaveLength(1);
  });

  it("mutes a typed monitor for a typed duration", async () => {
    await stack.slack.sender.slashCommand({ userId: OWNER, channelId: CHANNEL, text: "mute Blog 30m" });
    const note = await channelNote(/<@U0ALICE> muted \*Blog\*/);
    expect(textOf(note)).toContain("in this channel for 30m (until <!date^");
    await stack.slack.sender.slashCommand({ userId: OWNER, channelId: CHANNEL, text: "unmute Blog" });
    await channelNote(/<@U0ALICE> unmuted \*Blog\*/);
  });
});
