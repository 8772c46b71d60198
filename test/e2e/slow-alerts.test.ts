import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { SLOW_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { ALERT_COLORS } from "../../src/alerts/engine/alert-parts";
import { pollTargetName } from "../../src/alerts/engine/poll/poll-target";
import { type RunningBot, startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { silentLogger } from "../../src/lib/logger";
import { keyspace } from "../../src/store/keys";
import { PollTargetStore } from "../../src/store/poll-target-store";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": 3 Blog (https://blog.example.com/).
const BLOG = 3;
const CHANNEL = "C0ALERTS";
const EVENTUALLY_MS = 15_000;

/**
 * Slow-response alerts (issue 37) through the whole pipeline on two replicas sharing one Redis: the
 * simulator's control API slows a monitor, both bots poll and deliver, and the channel gets one amber
 * message with the measured durations and a chart, updated in place, green after 3 fast checks.
 */
describe("slow-response alerts end to end, two replicas", () => {
  let stack: Stack;
  let second: RunningBot;
  let redis: Redis;

  const slowMessages = (): StoredMessage[] =>
    stack.slack.state.channelMessages(CHANNEL).filter((m) => m.metadata?.event_type === SLOW_EVENT_TYPE);
  const color = (m: StoredMessage) => (m.attachments?.[0] as { color?: string } | undefined)?.color;
  const slowPosts = () =>
    stack.slack.state
      .callsOf("chat.postMessage")
      .filter((c) => JSON.stringify(c.args.metadata ?? "").includes(SLOW_EVENT_TYPE) && c.status === 200);
  const chartUploads = () =>
    stack.slack.state.callsOf("files.completeUploadExternal").filter((c) => c.status === 200);
  const waitSlow = (ready: (m: StoredMessage) => boolean) =>
    waitFor(
      stack.slack.events,
      () => {
        const found = slowMessages()[0];
        return found && ready(found) ? found : undefined;
      },
      20_000,
    );
  const control = async (path: string, body?: unknown) => {
    const res = await fetch(`${stack.simulator.url}/__simulator/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    expect(res.status).toBe(200);
  };
  /** Checks count the latest 50 of the team (A5): one round of the slowed monitor at a time. */
  const checkRound = () => control("checks/run", { monitorId: BLOG });

  beforeAll(async () => {
    const env = { ALERT_WORKERS: "1", POLL_INTERVAL_SECONDS: "1" };
    stack = await startStack({ env });
    // The second replica: the same Redis and key prefix, its own poll and delivery workers.
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
        ...env,
      }),
      { logger: silentLogger, keyPrefix: stack.keyPrefix },
    );
    redis = new Redis(inject("redisUrl"));
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await stack.slack.sender.slashCommand({
      userId: "U0ALICE",
      channelId: CHANNEL,
      text: "subscribe --slow 2s",
    });
    const scheduler = new PollTargetStore({ redis, keys: keyspace(stack.keyPrefix) });
    const target = pollTargetName("1", DEMO_TOKENS.owner);
    await eventually(async () => {
      const state = (await scheduler.inspect(target))?.state;
      return state && JSON.parse(state).baselined === true ? true : undefined;
    }, EVENTUALLY_MS);
    // The target's meta carries the rule: its polls read the checks' durations.
    const meta = await redis.hget(
      keyspace(stack.keyPrefix).pollTarget(scheduler.shardOf(target), target),
      "meta",
    );
    expect(JSON.parse(meta ?? "{}").slow).toEqual([{ thresholdMs: 2000, checks: 3 }]);
  });
  afterAll(async () => {
    await second?.stop();
    await stack?.close();
    await redis?.quit();
  });

  it("says the rule in the subscribe message and in /uptime subscriptions", async () => {
    const announced = stack.slack.state.channelMessages(CHANNEL).map((m) => textOf(m));
    expect(announced.some((t) => t.includes("a slow alert over 2s, 3 checks in a row"))).toBe(true);
    const listed = await stack.command("U0ALICE", "subscriptions", CHANNEL);
    expect(textOf(listed)).toContain("slow alert over 2s, 3 checks in a row");
  });

  it("posts one amber slow message with durations and a chart, updates it in place, turns it green after 3 fast checks", async () => {
    await control(`monitors/${BLOG}/slow`, { ms: 2500 });
    await checkRound();
    await checkRound();
    const amber = await waitSlow((m) => JSON.stringify(m.attachments ?? []).includes("slack_file"));
    expect(color(amber)).toBe(ALERT_COLORS.acknowledged);
    const text = textOf(amber);
    expect(amber.text).toMatch(/Blog is slow: 3 checks in a row took over 2s/);
    expect(text).toContain("https://blog.example.com/");
    // The measured durations (2500 ms to 2750 ms: the simulator's slowed checks) and where from.
    expect(text).toMatch(/Latest checks:\* 2\.[5-7]\d s \(\w+\)/);
    expect(amber.text).not.toMatch(/<!here>|<!channel>/);
    expect(JSON.stringify(amber.attachments)).not.toContain("acknowledge");

    const before = text;
    await checkRound();
    const updated = await waitSlow((m) => textOf(m) !== before);
    expect(updated.ts).toBe(amber.ts);
    expect(color(updated)).toBe(ALERT_COLORS.acknowledged);

    await control(`monitors/${BLOG}/recover`);
    for (let i = 0; i < 3; i++) await checkRound();
    const green = await waitSlow((m) => color(m) === ALERT_COLORS.resolved);
    expect(green.ts).toBe(amber.ts);
    expect(green.text).toMatch(/Blog is fast again: 3 checks in a row took 2s or less/);
    // Still the chart of the slow spell.
    expect(JSON.stringify(green.attachments ?? [])).toContain("slack_file");

    // Two replicas, one message: posted once, its chart uploaded once, nothing else in the channel.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(slowMessages()).toHaveLength(1);
    expect(slowPosts()).toHaveLength(1);
    expect(chartUploads()).toHaveLength(1);
    expect(stack.slack.state.replies(CHANNEL, amber.ts).filter((r) => r.metadata)).toHaveLength(0);
  });
});
