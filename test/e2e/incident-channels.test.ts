import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { INCIDENT_CHANNEL_EVENT_TYPE } from "../../src/alerts/kinds/incident-channel/incident-channels";
import { type RunningBot, startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { silentLogger } from "../../src/lib/logger";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions } from "../../src/ui/ids";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 1 Marketing site.
const MARKETING_SITE = 1;
const CHANNEL = "C0INCALERTS";
const EVENTUALLY_MS = 15_000;

/**
 * Incident channels (issue 38) end to end: two bot replicas on one Redis, the fake Slack, the simulator.
 * Two clicks on two replicas open one channel; the alert's delivery feeds it the acknowledge and the
 * recovery once each; the summary's Archive archives it.
 */
describe("incident channels end to end (two replicas)", () => {
  let stack: Stack;
  let second: RunningBot;
  let redis: Redis;

  const rootOf = (incidentId: string) =>
    stack.slack.state
      .channelMessages(CHANNEL)
      .find(
        (m) =>
          m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
      );
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const elementOf = (m: StoredMessage, actionId: string): Record<string, unknown> => {
    const blocks = [
      ...((m.blocks ?? []) as { elements?: Record<string, unknown>[] }[]),
      ...(((m.attachments?.[0] as { blocks?: unknown[] } | undefined)?.blocks ?? []) as {
        elements?: Record<string, unknown>[];
      }[]),
    ];
    for (const block of blocks) {
      const found = block.elements?.find((e) => e.action_id === actionId);
      if (found) return found;
    }
    throw new Error(`no ${actionId} on the message`);
  };
  const click = (userId: string, channel: string, m: StoredMessage, action: Record<string, unknown>) =>
    stack.slack.sender.blockAction({
      userId,
      container: { type: "message", channel, ts: m.ts },
      actions: [action as { action_id: string }],
    });
  const ephemeral = (userId: string, pattern: RegExp) =>
    waitFor(stack.slack.events, () =>
      stack.slack.state
        .ephemeralFor(userId, CHANNEL)
        .filter((m) => pattern.test(textOf(m)))
        .at(-1),
    );
  const incidentChannels = () =>
    [...stack.slack.state.conversations.values()].filter((c) => c.name.startsWith("inc-"));
  const entries = (channel: string, entry: RegExp) =>
    stack.slack.state
      .channelMessages(channel)
      .filter(
        (m) =>
          m.metadata?.event_type === INCIDENT_CHANNEL_EVENT_TYPE &&
          entry.test(String(m.metadata.event_payload.entry)),
      );

  beforeAll(async () => {
    stack = await startStack({
      env: { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" },
      extraChannels: [{ id: CHANNEL, name: "ops-alerts", members: ["U0ALICE", "U0BOB", "U0CAROL", "U0BOT"] }],
    });
    // The second replica: same Redis keys and token key, its own HTTP port, its own delivery worker.
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
      { logger: silentLogger, keyPrefix: stack.keyPrefix },
    );
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0BOB", DEMO_TOKENS.readonly);
    // The mention's user group (the fake's S0ONCALL: Alice and Bob) is mentioned in the channel, not invited.
    await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: CHANNEL,
      text: "subscribe --mention <!subteam^S0ONCALL|@oncall>",
    });
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, EVENTUALLY_MS);
  });
  afterAll(async () => {
    await second?.stop();
    await stack?.close();
    await redis?.quit();
  });

  it("someone not linked to a member of the team may not open one", async () => {
    const incident = stack.simulator.control.fail(MARKETING_SITE, "HTTP 503 Service Unavailable");
    if (!incident) throw new Error("no incident");
    const root = await waitFor(stack.slack.events, () => rootOf(incident.id), 20_000);
    // The role table lets any member of the team open one, read-only too (test/e2e/role-table.test.ts).
    await click("U0CAROL", CHANNEL, root, elementOf(root, actions.openIncidentChannel));
    expect(
      textOf(await ephemeral("U0CAROL", /can open or archive an incident channel for these alerts/)),
    ).toMatch(/^Only a linked member/);
    expect(incidentChannels()).toHaveLength(0);
    stack.simulator.control.recover(MARKETING_SITE);
    await waitFor(
      stack.slack.events,
      () => {
        const m = rootOf(incident.id);
        return m && color(m) === ALERT_COLORS.resolved ? m : undefined;
      },
      20_000,
    );
  });

  it("two clicks on two replicas open one channel, fed with the acknowledge and the recovery, summarised and archived", async () => {
    const incident = stack.simulator.control.fail(MARKETING_SITE, "HTTP 502 Bad Gateway");
    if (!incident) throw new Error("no incident");
    const root = await waitFor(stack.slack.events, () => rootOf(incident.id), 20_000);
    const open = elementOf(root, actions.openIncidentChannel);

    // Both clicks leave before either is answered: the first to the stack's bot, the second to the replica.
    const first = click("U0ALICE", CHANNEL, root, open);
    stack.slack.setAppUrl(`http://127.0.0.1:${second.port}/slack/events`);
    const other = click("U0ALICE", CHANNEL, root, open);
    stack.slack.setAppUrl(`http://127.0.0.1:${stack.bot.port}/slack/events`);
    await Promise.all([first, other]);

    const answers = await waitFor(stack.slack.events, () => {
      const found = stack.slack.state
        .ephemeralFor("U0ALICE", CHANNEL)
        .filter((m) => /incident channel|already has a channel|Opened/i.test(textOf(m)));
      return found.length >= 2 ? found : undefined;
    });
    const channels = incidentChannels();
    expect(channels).toHaveLength(1);
    const channel = channels[0]!;
    expect(
      stack.slack.state.callsOf("conversations.create").filter((c) => c.result.ok === true),
    ).toHaveLength(1);
    const started = String((incident.attributes as { started?: unknown } | undefined)?.started ?? "");
    const day = new Date(started).toISOString().slice(0, 10).replace(/-/g, "");
    expect(channel.name).toBe(`inc-${day}-marketing-site`);
    // Both clickers are told the one channel.
    for (const answer of answers) expect(textOf(answer)).toContain(`<#${channel.id}>`);
    // The clicker is in it, with the bot that created it; the user group is mentioned, not invited.
    expect(channel.isPrivate).toBe(true);
    expect([...channel.members].sort()).toEqual(["U0ALICE", "U0BOT"].sort());
    // Its summary, and the link in the alert's thread.
    const intro = await waitFor(stack.slack.events, () => stack.slack.state.channelMessages(channel.id)[0]);
    expect(textOf(intro)).toContain("Marketing site");
    expect(textOf(intro)).toContain("HTTP 502 Bad Gateway");
    expect(textOf(intro)).toContain("<!subteam^S0ONCALL>");
    const link = stack.slack.state.replies(CHANNEL, root.ts).find((m) => m.text.includes(`<#${channel.id}>`));
    expect(link).toBeDefined();

    // Acknowledge on the alert: the channel's timeline says so, once.
    await click("U0ALICE", CHANNEL, root, elementOf(root, actions.acknowledge));
    const acked = await waitFor(stack.slack.events, () => entries(channel.id, /:acknowledged$/)[0], 20_000);
    expect(textOf(acked)).toMatch(/acknowledged by alice/i);

    stack.simulator.control.recover(MARKETING_SITE);
    const summary = await waitFor(stack.slack.events, () => entries(channel.id, /^summary$/)[0], 20_000);
    expect(textOf(summary)).toMatch(/down \d/);
    expect(textOf(summary)).toMatch(/acknowledged by alice/i);
    expect(textOf(summary)).toMatch(/availability 24 h (\d+\.\d\d%|unknown)/);
    // Each entry once, though two replicas deliver.
    expect(entries(channel.id, /:acknowledged$/)).toHaveLength(1);
    expect(entries(channel.id, /:recovered$/)).toHaveLength(1);
    expect(entries(channel.id, /^summary$/)).toHaveLength(1);

    // Archive, clicked in the incident channel by a member of the team who may.
    await click("U0ALICE", channel.id, summary, elementOf(summary, actions.archiveIncidentChannel));
    await waitFor(stack.slack.events, () =>
      stack.slack.state.conversation(channel.id)?.isArchived ? true : undefined,
    );
    expect(
      stack.slack.state.channelMessages(channel.id).some((m) => /Archived by <@U0ALICE>/.test(m.text)),
    ).toBe(true);
  });
});
