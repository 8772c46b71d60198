// A fair share per person end to end (issue 36, docs/architecture.md section 10): the real bot over signed
// HTTP, the simulator, the fake Slack and Redis. One person's burst is told to slow down; another person's
// commands meanwhile are answered in full. One person's burst spends only the interactive share of their
// API token: their alerts, polled with the same token, still come, and the API never answers them 429.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { EphemeralMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { actions } from "../../src/ui/ids";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

const SLOW_DOWN =
  /You've sent many commands; the next one in \d+ s|You've asked for many charts; the next one in \d+ s/;
const ANY_LIMIT = /many commands|many charts|rate limit for your token/;

type Block = { type: string; slack_file?: { id: string } };
const hasImage = (m: EphemeralMessage) => ((m.blocks ?? []) as Block[]).some((b) => b.type === "image");

describe("one person's chart burst, another person's commands", () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0BOB", DEMO_TOKENS.member);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("tells the first to slow down and answers the other in full", async () => {
    // Bob's first chart before the burst: a bot that has run a while has its renderer warm.
    const bob: EphemeralMessage[] = [await stack.command("U0BOB", "availability Blog 30d")];
    await waitFor(stack.slack.events, () => hasImage(bob[0]!), 20_000);
    const burst = Array.from({ length: 60 }, () =>
      stack.slack.sender.slashCommand({
        userId: "U0ALICE",
        channelId: "C0GENERAL",
        text: "availability Blog 30d",
      }),
    );
    // Bob's commands go while Alice's burst is being answered, one after another as a person types them.
    for (const text of ["status", "latency Blog", "monitors"]) bob.push(await stack.command("U0BOB", text));
    const acks = await Promise.all(burst);
    expect(acks.every((r) => r.status === 200)).toBe(true);

    const alice = await waitFor(
      stack.slack.events,
      () => {
        const all = stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL");
        return all.length >= 60 ? all : undefined;
      },
      60_000,
    );
    expect(alice).toHaveLength(60);
    const texts = alice.map(textOf);
    const toldToSlowDown = texts.filter((t) => SLOW_DOWN.test(t));
    expect(toldToSlowDown.length).toBeGreaterThan(0);
    // The default share: 30 commands at once, 10 charts at once. Past the charts, the answer is the data as
    // text with the sentence; past the commands, the sentence alone.
    expect(texts.filter((t) => t.startsWith("You've sent many commands"))).not.toHaveLength(0);
    const textInstead = texts.filter((t) => /Blog/.test(t) && /You've asked for many charts/.test(t));
    expect(textInstead.length).toBeGreaterThan(0);
    await eventually(async () => (alice.filter(hasImage).length > 0 ? true : undefined), 20_000);
    expect(alice.filter(hasImage).length).toBeLessThanOrEqual(10);
    for (const m of alice.filter((m) => /You've asked for many charts/.test(textOf(m))))
      expect(hasImage(m)).toBe(false);

    // Now that the bot knows Alice is past her share, her next command is told so in its acknowledgement (no
    // Redis call, no response_url POST, no place in her lane): Slack shows that answer to her alone.
    const again = await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: "C0GENERAL",
      text: "status",
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ response_type: "ephemeral", text: expect.stringMatching(SLOW_DOWN) });
    expect(textOf(stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL").at(-1)!)).toMatch(SLOW_DOWN);

    // Bob: every answer whole, never told to wait, and his chart during the burst is drawn too.
    expect(bob).toHaveLength(4);
    for (const m of bob) expect(textOf(m)).not.toMatch(ANY_LIMIT);
    expect(textOf(bob[2]!)).toMatch(/Response time of Blog/);
    await waitFor(stack.slack.events, () => hasImage(bob[2]!), 20_000);
  }, 120_000);
});

describe("what counts as a command", () => {
  let stack: Stack;

  beforeAll(async () => {
    // Four commands and one chart at once, then one an hour: whatever the machine's speed, the fifth command
    // and the second chart are refused.
    stack = await startStack({
      bot: {
        fairShare: { commandBurst: 4, commandsPerMinute: 1 / 60, chartBurst: 1, chartsPerMinute: 1 / 60 },
      },
    });
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("counts a digest's chart: past the share of charts the digest is posted without it, and the asker told", async () => {
    const first = await stack.command("U0ALICE", "availability Blog");
    await waitFor(stack.slack.events, () => hasImage(first), 20_000);
    const before = stack.slack.state.channelMessages("C0GENERAL").length;
    const told = await stack.command("U0ALICE", "digest");
    expect(textOf(told)).toMatch(
      /posted without its chart\. You've asked for many charts; the next one in \d+ min\./,
    );
    const digest = await waitFor(
      stack.slack.events,
      () => stack.slack.state.channelMessages("C0GENERAL")[before],
    );
    expect(textOf(digest)).toMatch(/digest/i);
    expect(stack.slack.state.files.size).toBe(1);
  });

  it("counts every /uptime subcommand and Share click, never help", async () => {
    for (let i = 0; i < 3; i++) expect(textOf(await stack.command("U0ALICE", "help"))).not.toMatch(ANY_LIMIT);
    const status = await stack.command("U0ALICE", "status");
    expect(textOf(status)).toMatch(/Acme Production/);
    const before = stack.slack.state.channelMessages("C0GENERAL").length;
    const click = () =>
      stack.slack.sender.blockAction({
        userId: "U0ALICE",
        container: { type: "ephemeral", ts: status.ts, channel: "C0GENERAL" },
        actions: [{ action_id: actions.share }],
      });
    expect((await click()).status).toBe(200);
    await waitFor(stack.slack.events, () => stack.slack.state.channelMessages("C0GENERAL").length > before);
    // Both spent: the next command and the next click are told when, and nothing more is posted.
    const refused = await stack.command("U0ALICE", "status");
    expect(textOf(refused)).toMatch(/^You've sent many commands; the next one in \d+ min\./);
    const told = stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL").length;
    expect((await click()).status).toBe(200);
    const answer = await stack.nextEphemeral("U0ALICE", "C0GENERAL", told);
    expect(textOf(answer)).toMatch(/^You've sent many commands; the next one in \d+ min\./);
    expect(stack.slack.state.channelMessages("C0GENERAL")).toHaveLength(before + 1);
  });
});

describe("a burst on one token leaves its polls their reserve", () => {
  let stack: Stack;
  let redis: Redis;
  const CHANNEL = "C0ALERTS";

  beforeAll(async () => {
    stack = await startStack({
      // The API allows 6 requests a second per token; commands may spend 3 of them, polls keep the rest.
      simulator: { rateLimitPerSecond: 6 },
      env: {
        ALERT_WORKERS: "1",
        POLL_INTERVAL_SECONDS: "1",
        UPTIME_API_RATE_PER_TOKEN: "6",
        UPTIME_API_POLL_RESERVE: "3",
      },
    });
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: CHANNEL, text: "subscribe" });
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, 15_000);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.quit();
  });

  it("polls and posts the alert during the burst; the burst's excess is told to wait; the API never says 429", async () => {
    stack.simulator.control.clearRequests();
    const before = stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL").length;
    const burst = Array.from({ length: 20 }, () =>
      stack.slack.sender.slashCommand({ userId: "U0ALICE", channelId: "C0GENERAL", text: "status" }),
    );
    const incident = stack.simulator.control.fail(1, "HTTP 503 Service Unavailable");
    expect(incident).toBeTruthy();
    await Promise.all(burst);
    const answers = await waitFor(
      stack.slack.events,
      () => {
        const all = stack.slack.state.ephemeralFor("U0ALICE", "C0GENERAL").slice(before);
        return all.length >= 20 ? all : undefined;
      },
      30_000,
    );
    const told = answers.map(textOf).filter((t) => /rate limit for your token is nearly used up/.test(t));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]).toMatch(/try again in \d+ s\./);
    // Some of the burst was still answered: the interactive share was spent, not refused from the start.
    expect(answers.map(textOf).filter((t) => !ANY_LIMIT.test(t)).length).toBeGreaterThan(0);
    // The alert, polled with the same token, comes.
    await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages(CHANNEL)
          .find((m) => m.metadata?.event_type === ALERT_EVENT_TYPE && m.text.includes("Marketing site")),
      20_000,
    );
    const owner = DEMO_TOKENS.owner.slice(-4);
    const limited = stack.simulator.control.requests().filter((e) => e.token === owner && e.status === 429);
    expect(limited).toEqual([]);
  }, 60_000);
});
