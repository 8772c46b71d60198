import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { INCIDENT_CHANNEL_EVENT_TYPE } from "../../src/alerts/kinds/incident-channel/incident-channels";
import { startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { silentLogger } from "../../src/lib/logger";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions, blocks, shortcuts, views } from "../../src/ui/ids";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 1 Marketing site.
const MARKETING_SITE = 1;
const CHANNEL = "C0NOTES";
const ELSEWHERE = "C0GENERAL";

/**
 * An incident's notes end to end: the real bot, the simulator, the fake Slack and Redis. A note by
 * `/uptime note` and by the message shortcut in the alert's thread, shown by `/uptime incident` and counted
 * on the root; the same message twice is one note; a message outside a thread asks which of the channel's incidents
 * (none where nothing was alerted: a sentence); a read-only
 * member, an unknown incident and bad input are refused with a sentence.
 */
describe("incident notes end to end", () => {
  let stack: Stack;
  let redis: Redis;
  let incidentId = "";
  let root: StoredMessage;
  let summary: StoredMessage;
  let incidentChannel = "";

  const rootOf = (id: string) =>
    stack.slack.state
      .channelMessages(CHANNEL)
      .find(
        (m) => m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === id,
      );
  const shortcutOn = async (userId: string, channelId: string, messageTs: string) => {
    const before = stack.slack.state.ephemeralFor(userId, channelId).length;
    await stack.slack.messageShortcut({
      userId,
      callbackId: shortcuts.addToTimeline,
      channelId,
      messageTs,
    });
    return stack.nextEphemeral(userId, channelId, before);
  };

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      extraChannels: [{ id: CHANNEL, name: "ops-notes", members: ["U0ALICE", "U0BOB", "U0BOT"] }],
    });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0BOB", DEMO_TOKENS.readonly);
    // Subscribing announces itself in the channel rather than answering ephemerally.
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
    const incident = stack.simulator.control.fail(MARKETING_SITE, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("no incident");
    incidentId = incident.id;
    root = await waitFor(stack.slack.events, () => rootOf(incidentId), 20_000);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("keeps a typed note, scrubbed, and shows it in /uptime incident", async () => {
    const answer = await stack.command(
      "U0ALICE",
      `note ${incidentId} rolled back, see https://ops:hunter2@deploy.example.com/runs/7?token=abc`,
      CHANNEL,
    );
    expect(textOf(answer)).toContain(`Added to the timeline of incident #${incidentId}`);
    const shown = textOf(await stack.command("U0ALICE", `incident ${incidentId}`, CHANNEL));
    expect(shown).toContain("Notes (1)");
    expect(shown).toContain("rolled back, see https://deploy.example.com/runs/7");
    expect(shown).not.toContain("hunter2");
    expect(shown).not.toContain("token=abc");
  });

  it("adds a thread reply with the shortcut once, with its author and permalink, and counts it on the root", async () => {
    const reply = await stack.slack.postUserMessage({
      userId: "U0BOB",
      channelId: CHANNEL,
      text: "the database failover finished",
      threadTs: root.ts,
    });
    const added = await shortcutOn("U0ALICE", CHANNEL, reply.ts);
    expect(textOf(added)).toContain(`Added to the timeline of incident #${incidentId}`);
    const again = await shortcutOn("U0ALICE", CHANNEL, reply.ts);
    expect(textOf(again)).toContain("already on the timeline");

    const shown = textOf(await stack.command("U0ALICE", `incident ${incidentId}`, CHANNEL));
    expect(shown).toContain("Notes (2)");
    expect(shown).toContain("<@U0BOB> (added by <@U0ALICE>): the database failover finished");
    expect(shown).toMatch(new RegExp(`archives/${CHANNEL}/p${reply.ts.replace(".", "")}\\?thread_ts=`));
    // The root is drawn again through the engine, in place: no second root.
    await waitFor(stack.slack.events, () => {
      const m = rootOf(incidentId);
      return m && /2 notes on the timeline/.test(JSON.stringify(m.attachments)) ? m : undefined;
    });
    expect(
      stack.slack.state.channelMessages(CHANNEL).filter((m) => m.metadata?.event_type === ALERT_EVENT_TYPE),
    ).toHaveLength(1);
  });

  it("asks which incident for a message outside any alert's thread, listing the channel's incidents", async () => {
    // A top-level message of the subscribed channel: the incidents alerted here are offered.
    const outside = await stack.slack.postUserMessage({
      userId: "U0ALICE",
      channelId: CHANNEL,
      text: "customers report slow checkouts",
    });
    stack.slack.state.clearModals("U0ALICE");
    await stack.slack.messageShortcut({
      userId: "U0ALICE",
      callbackId: shortcuts.addToTimeline,
      channelId: CHANNEL,
      messageTs: outside.ts,
    });
    const modal = await waitFor(stack.slack.events, () =>
      stack.slack.state.modalStack("U0ALICE").find((v) => v.callback_id === views.addToTimeline),
    );
    expect(JSON.stringify(modal.blocks)).toContain(`#${incidentId} Marketing site (open)`);
    const before = stack.slack.state.ephemeralFor("U0ALICE", CHANNEL).length;
    const submitted = await stack.slack.sender.viewSubmission({
      userId: "U0ALICE",
      viewId: modal.id,
      values: {
        [blocks.timelineIncident]: {
          [blocks.timelineIncident]: {
            type: "static_select",
            selected_option: { text: { type: "plain_text", text: "x" }, value: incidentId },
          },
        },
      },
    });
    expect(submitted.status).toBe(200);
    const answer = await stack.nextEphemeral("U0ALICE", CHANNEL, before);
    expect(textOf(answer)).toContain(`Added to the timeline of incident #${incidentId}`);
    expect(textOf(await stack.command("U0ALICE", `incident ${incidentId}`, CHANNEL))).toContain("Notes (3)");

    // A channel where nothing was alerted: a clear sentence and no submit, though the team has an incident.
    const elsewhere = await stack.slack.postUserMessage({
      userId: "U0ALICE",
      channelId: ELSEWHERE,
      text: "is the shop down?",
    });
    stack.slack.state.clearModals("U0ALICE");
    await stack.slack.messageShortcut({
      userId: "U0ALICE",
      callbackId: shortcuts.addToTimeline,
      channelId: ELSEWHERE,
      messageTs: elsewhere.ts,
    });
    const empty = await waitFor(stack.slack.events, () =>
      stack.slack.state.modalStack("U0ALICE").find((v) => v.callback_id === views.addToTimeline),
    );
    expect(JSON.stringify(empty.blocks)).toContain("This channel has no open or recent incident");
    expect(JSON.stringify(empty.blocks)).not.toContain(incidentId);
    expect(empty.submit ?? undefined).toBeUndefined();
  });

  it("refuses a read-only member, an unknown incident and bad input, and adds nothing", async () => {
    const readOnly = textOf(await stack.command("U0BOB", `note ${incidentId} I restarted it`, CHANNEL));
    expect(readOnly).toContain("Read-only members of *Acme Production* can't add to an incident's timeline");
    const unknown = textOf(await stack.command("U0ALICE", "note 987654 nothing here", CHANNEL));
    expect(unknown).toContain("The Uptime service couldn't find that");
    expect(textOf(await stack.command("U0ALICE", "note abc text", CHANNEL))).toContain(
      "an incident id is a number",
    );
    expect(textOf(await stack.command("U0ALICE", `note ${incidentId}`, CHANNEL))).toContain(
      "needs a text after the id",
    );
    const shown = textOf(await stack.command("U0ALICE", `incident ${incidentId}`, CHANNEL));
    expect(shown).toContain("Notes (3)");
    expect(shown).not.toContain("I restarted it");
  });

  it("adds a message of the incident channel, and shows the notes in its recovery summary", async () => {
    const actionsOf = (m: StoredMessage) =>
      (
        (m.attachments?.[0] as { blocks?: { elements?: Record<string, unknown>[] }[] } | undefined)?.blocks ??
        []
      ).flatMap((b) => b.elements ?? []);
    const open = actionsOf(root).find((e) => e.action_id === actions.openIncidentChannel);
    if (!open) throw new Error("no Open incident channel button");
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: CHANNEL, ts: root.ts },
      actions: [open as { action_id: string }],
    });
    const channel = await waitFor(stack.slack.events, () =>
      [...stack.slack.state.conversations.values()].find(
        (c) => c.name.startsWith("inc-") && stack.slack.state.isMember(c, "U0ALICE"),
      ),
    );
    const said = await stack.slack.postUserMessage({
      userId: "U0ALICE",
      channelId: channel.id,
      text: "root cause: an expired TLS certificate",
    });
    expect(textOf(await shortcutOn("U0ALICE", channel.id, said.ts))).toContain(
      `Added to the timeline of incident #${incidentId}`,
    );
    stack.simulator.control.recover(MARKETING_SITE);
    incidentChannel = channel.id;
    summary = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(channel.id)
          .find(
            (m) =>
              m.metadata?.event_type === INCIDENT_CHANNEL_EVENT_TYPE &&
              m.metadata.event_payload.entry === "summary",
          ),
      20_000,
    );
    const text = textOf(summary);
    expect(text).toContain("Notes (4)");
    expect(text).toContain("root cause: an expired TLS certificate");
    expect(text).toContain("the database failover finished");
  });

  it("writes the postmortem canvas once, shared with the channel, and updates it in place", async () => {
    const canvases = () => [...stack.slack.state.canvases.values()];
    // Write postmortem on the incident channel's recovery summary makes it, shared with that channel.
    const button = (summary.blocks as { elements?: Record<string, unknown>[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === actions.writePostmortem);
    if (!button) throw new Error("no Write postmortem on the summary");
    const before = stack.slack.state.ephemeralFor("U0ALICE", incidentChannel).length;
    await stack.slack.sender.blockAction({
      userId: "U0ALICE",
      container: { type: "message", channel: incidentChannel, ts: summary.ts },
      actions: [button as { action_id: string }],
    });
    const first = textOf(await stack.nextEphemeral("U0ALICE", incidentChannel, before));
    expect(first).toContain(`Wrote the postmortem canvas of incident #${incidentId}`);
    expect(canvases()).toHaveLength(1);
    const canvas = canvases()[0]!;
    expect(canvas.title).toContain(`incident #${incidentId} (Marketing site)`);
    expect(canvas.access.get(incidentChannel)).toBe("write");
    for (const part of [
      "## Timeline",
      "**Started**",
      "**Recovered** after",
      "## Cause",
      "## Impact",
      "## Follow-ups",
    ]) {
      expect(canvas.markdown).toContain(part);
    }
    expect(canvas.markdown).toContain("the database failover finished");
    expect(canvas.markdown).toMatch(/\(\[message\]\(https:\/\/demo\.slack\.com\/archives\/C0NOTES\//);
    expect(canvas.markdown).toMatch(
      /Availability of the monitor:\*\* [\d.]+ % over the last 24 h, [\d.]+ % over the last 30 days/,
    );

    await stack.command("U0ALICE", `note ${incidentId} follow-up: alert on certificate expiry`, CHANNEL);
    const again = textOf(await stack.command("U0ALICE", `postmortem ${incidentId}`, CHANNEL));
    expect(again).toContain(`Updated the postmortem canvas of incident #${incidentId}`);
    expect(canvases()).toHaveLength(1);
    expect(canvases()[0]!.edits).toBe(1);
    // The typed command, run again: still that canvas, updated.
    expect(canvases()[0]!.markdown).toContain("follow-up: alert on certificate expiry");

    const readOnly = textOf(await stack.command("U0BOB", `postmortem ${incidentId}`, CHANNEL));
    expect(readOnly).toContain("can't write an incident's postmortem");
    expect(textOf(await stack.command("U0ALICE", "postmortem 987654", CHANNEL))).toContain(
      "The Uptime service couldn't find that",
    );
    expect(textOf(await stack.command("U0ALICE", "postmortem x", CHANNEL))).toContain(
      "takes one incident id",
    );
    expect(canvases()).toHaveLength(1);
  });

  it("makes one canvas when two replicas write the same postmortem at once", async () => {
    const second = await startBot(
      loadConfig({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        SLACK_API_URL: stack.slack.apiUrl,
        PORT: "0",
        METRICS_PORT: "0",
        UPTIME_API_URL: stack.simulator.url,
        REDIS_URL: inject("redisUrl"),
        TOKEN_ENCRYPTION_KEY: stack.tokenEncryptionKey,
        ALERT_WORKERS: "0",
      }),
      { logger: silentLogger, keyPrefix: stack.keyPrefix },
    );
    try {
      const other = stack.simulator.control.fail(2, "HTTP 500");
      if (!other) throw new Error("no incident");
      const titled = () =>
        [...stack.slack.state.canvases.values()].filter((c) => c.title.includes(`incident #${other.id} `));
      const before = stack.slack.state.ephemeralFor("U0ALICE", CHANNEL).length;
      const text = `postmortem ${other.id}`;
      const first = stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text });
      stack.slack.setAppUrl(`http://127.0.0.1:${second.port}/slack/events`);
      const again = stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text });
      await Promise.all([first, again]);
      await stack.nextEphemeral("U0ALICE", CHANNEL, before + 1);
      const answers = stack.slack.state
        .ephemeralFor("U0ALICE", CHANNEL)
        .slice(before)
        .map((m) => textOf(m));
      expect(answers.filter((a) => a.includes("Wrote the postmortem canvas"))).toHaveLength(1);
      expect(answers.some((a) => /being made right now|Updated the postmortem canvas/.test(a))).toBe(true);
      expect(titled()).toHaveLength(1);
    } finally {
      stack.slack.setAppUrl(`http://127.0.0.1:${stack.bot.port}/slack/events`);
      await second.stop();
    }
  });
});
