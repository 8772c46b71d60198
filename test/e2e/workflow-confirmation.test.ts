// Workflow steps that change something ask their runner first (issue 45, docs/slack-app.md "Workflow Builder
// steps"), end to end: the real bot over signed HTTP, the simulator, the fake Slack and Redis. A read-only
// member publishes "Check Payments status" (Pause monitor 7, then a message to themselves with the output);
// the owner clicks it. Nothing is paused until the owner confirms in their DM with the app; Cancel, or no
// answer within 10 minutes (the bot's clock moved, not waited), ends the step with an error; Confirm
// pauses with the owner's token. Ids resolve in the runner's active team only, and every step spends one
// of the runner's commands, as `/uptime` does.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FunctionExecution, StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { type RunningBot, startBot } from "../../src/bot/start-bot";
import { loadConfig } from "../../src/config/config";
import { silentLogger } from "../../src/lib/logger";
import { actions, workflowSteps } from "../../src/ui/ids";
import { UptimeClient } from "../../src/uptime";
import { BOT_TOKEN, linkUser, SIGNING_SECRET, type Stack, startStack, textOf } from "../support/e2e-stack";
import { waitFor } from "../support/wait-for";

// Demo seed: team 1 "Acme Production" (7 "Payments API"), team 2 "Staging" (13 "Staging site"). Olivia owns
// team 1 and is a regular member of team 2; Rita is read-only in team 1.
const PAYMENTS_API = "7";
const STAGING_SITE = "13";
const OWNER = "U0ALICE";
const OTHER = "U0BOB";
const READ_ONLY_PUBLISHER = "U0CAROL";
// Small enough to reach in a test, large enough for the owner's runs here.
const COMMAND_BURST = 10;
const BLOG = "3";

type Button = { type: string; action_id?: string; value?: string };
type Block = { type: string; elements?: Button[] };
const buttonsOf = (m: StoredMessage) =>
  ((m.blocks ?? []) as Block[]).flatMap((b) => (b.type === "actions" ? (b.elements ?? []) : []));

describe("a changing workflow step asks its runner first", () => {
  let stack: Stack;
  let second: RunningBot | undefined;
  let api: UptimeClient;
  // The bot's clock, moved past a confirmation's 10 minutes instead of waiting them out.
  let offsetMs = 0;
  const clock = { now: () => Date.now() + offsetMs };

  const dm = (userId: string) => stack.slack.state.openIm(userId).conversation.id;
  const monitorPaused = async (id: string) => (await api.as(DEMO_TOKENS.owner).monitors.get(id)).paused;
  const disables = (id: string) =>
    stack.simulator.control
      .requests()
      .filter((r) => r.method === "POST" && r.path === `/monitors/${id}/disable`);

  /** Runs a step; resolves once it asked its runner (the DM with buttons) or ended without asking. */
  async function start(callbackId: string, runBy: string, inputs: Record<string, unknown>) {
    const before = stack.slack.state.channelMessages(dm(runBy)).length;
    const { execution, delivery } = await stack.slack.runWorkflowStep({ callbackId, runBy, inputs });
    expect(delivery.status).toBe(200);
    const question = await waitFor(
      stack.slack.events,
      () => {
        const asked = stack.slack.state
          .channelMessages(dm(runBy))
          .slice(before)
          .find((m) => buttonsOf(m).length);
        if (asked) return { asked };
        return execution.state === "running" ? undefined : { asked: undefined };
      },
      10_000,
    );
    return { execution, question: question.asked };
  }

  const ended = (execution: FunctionExecution) =>
    waitFor<FunctionExecution>(
      stack.slack.events,
      () => (execution.state === "running" ? undefined : execution),
      10_000,
    );

  /** Clicks a button of the message; `value` for one the message no longer shows (a late click). */
  async function click(userId: string, message: StoredMessage, actionId: string, value?: string) {
    const button = buttonsOf(message).find((b) => b.action_id === actionId);
    if (!button && value === undefined) throw new Error(`no ${actionId} button`);
    const result = await stack.slack.sender.blockAction({
      userId,
      container: { type: "message", channel: message.channel, ts: message.ts },
      actions: [{ action_id: actionId, value: value ?? button?.value ?? "" }],
    });
    expect(result.status).toBe(200);
  }

  beforeAll(async () => {
    stack = await startStack({
      bot: { clock, fairShare: { commandBurst: COMMAND_BURST, commandsPerMinute: 1 }, stepSweepMs: 200 },
    });
    api = new UptimeClient({ baseUrl: stack.simulator.url, logger: silentLogger });
    await linkUser(stack, OWNER, DEMO_TOKENS.owner);
    await linkUser(stack, OTHER, DEMO_TOKENS.member);
    await linkUser(stack, READ_ONLY_PUBLISHER, DEMO_TOKENS.readonly);
  });
  afterAll(async () => {
    await second?.stop();
    await api?.close();
    await stack?.close();
  });

  it("the owner runs the read-only member's workflow: nothing is paused before Confirm; Cancel fails the step", async () => {
    const { execution, question } = await start(workflowSteps.pauseMonitor, OWNER, { monitor: PAYMENTS_API });
    // Asked, not done: the step is still running and the API was never asked to pause anything.
    expect(execution.state).toBe("running");
    expect(await monitorPaused(PAYMENTS_API)).toBe(false);
    expect(disables(PAYMENTS_API)).toEqual([]);
    if (!question) throw new Error("no confirmation was asked");
    expect(textOf(question)).toContain("Payments API");
    expect(textOf(question)).toContain("Acme Production");
    // Someone else pressing Confirm is refused, and nothing happens.
    await click(OTHER, question, actions.stepConfirm);
    const refusal = await waitFor(
      stack.slack.events,
      () => stack.slack.state.ephemeralFor(OTHER, question.channel)[0],
    );
    expect(textOf(refusal)).toContain(`Only <@${OWNER}>`);
    expect(execution.state).toBe("running");
    expect(disables(PAYMENTS_API)).toEqual([]);
    // Cancel: the step ends with an error, nothing is paused, the message says so and has no buttons left.
    await click(OWNER, question, actions.stepCancel);
    const done = await ended(execution);
    expect(done.state).toBe("failed");
    expect(done.error).toContain("Cancelled");
    expect(await monitorPaused(PAYMENTS_API)).toBe(false);
    expect(disables(PAYMENTS_API)).toEqual([]);
    const answered = stack.slack.state.findMessage(question.channel, question.ts);
    expect(answered && buttonsOf(answered)).toEqual([]);
    expect(answered && textOf(answered)).toContain("Cancelled");
  });

  it("no answer within 10 minutes ends the step with an error and pauses nothing", async () => {
    const { execution, question } = await start(workflowSteps.pauseMonitor, OWNER, {
      monitor: "Payments API",
    });
    if (!question) throw new Error("no confirmation was asked");
    const id = buttonsOf(question).find((b) => b.action_id === actions.stepConfirm)?.value;
    offsetMs += 10 * 60_000 + 1000;
    const done = await ended(execution);
    expect(done.state).toBe("failed");
    expect(done.error).toContain("Not confirmed within 10 minutes");
    const answered = stack.slack.state.findMessage(question.channel, question.ts);
    expect(answered && buttonsOf(answered)).toEqual([]);
    // A late Confirm changes nothing, and says so.
    await click(OWNER, question, actions.stepConfirm, id);
    const late = await waitFor(
      stack.slack.events,
      () => stack.slack.state.ephemeralFor(OWNER, question.channel)[0],
    );
    expect(textOf(late)).toContain("no longer waiting");
    expect(await monitorPaused(PAYMENTS_API)).toBe(false);
    expect(disables(PAYMENTS_API)).toEqual([]);
  });

  it("Confirm pauses with the runner's own token, and the step completes with its outputs", async () => {
    const { execution, question } = await start(workflowSteps.pauseMonitor, OWNER, { monitor: PAYMENTS_API });
    if (!question) throw new Error("no confirmation was asked");
    await click(OWNER, question, actions.stepConfirm);
    const done = await ended(execution);
    expect(done.state).toBe("completed");
    expect(done.outputs).toEqual({ monitor_id: PAYMENTS_API, paused: true, changed: true });
    expect(await monitorPaused(PAYMENTS_API)).toBe(true);
    expect(disables(PAYMENTS_API).map((r) => r.status)).toEqual([200]);
    const answered = stack.slack.state.findMessage(question.channel, question.ts);
    expect(answered && textOf(answered)).toMatch(/Confirmed: paused/);
  });

  it("a monitor id of another of the runner's teams is refused, and nothing is asked or paused", async () => {
    const { execution, question } = await start(workflowSteps.pauseMonitor, OWNER, { monitor: STAGING_SITE });
    expect(question).toBeUndefined();
    expect(execution.state).toBe("failed");
    expect(execution.error).toContain("not in your active team Acme Production");
    expect(await monitorPaused(STAGING_SITE)).toBe(false);
    const status = await start(workflowSteps.getMonitorStatus, OWNER, { monitor: STAGING_SITE });
    expect(status.execution.state).toBe("failed");
    expect(status.execution.error).toContain("not in your active team");
    // An incident of that team likewise: not acknowledged, nothing asked.
    const incident = stack.simulator.control.fail(Number(STAGING_SITE), "HTTP 503");
    if (!incident) throw new Error("the monitor opened no incident");
    const ack = await start(workflowSteps.acknowledgeIncident, OWNER, { incident_id: incident.id });
    expect(ack.question).toBeUndefined();
    expect(ack.execution.error).toContain(`The incident ${incident.id} is not in your active team`);
    const acks = stack.simulator.control
      .requests()
      .filter((r) => r.method === "POST" && r.path === `/incidents/${incident.id}/acknowledge`);
    expect(acks).toEqual([]);
  });

  it("every step spends one of the runner's commands: past their share, a step is refused", async () => {
    for (let i = 0; i < COMMAND_BURST; i++) {
      const { execution } = await start(workflowSteps.getMonitorStatus, OTHER, { monitor: PAYMENTS_API });
      expect(execution.state).toBe("completed");
    }
    const { execution } = await start(workflowSteps.getMonitorStatus, OTHER, { monitor: PAYMENTS_API });
    expect(execution.state).toBe("failed");
    expect(execution.error).toMatch(/You've sent many commands; the next one in \d+ s/);
  });

  // Last: it stops the stack's bot.
  it("a question asked by a replica that stopped is answered, and expired, by another", async () => {
    const resume = await start(workflowSteps.resumeMonitor, OWNER, { monitor: PAYMENTS_API });
    const pause = await start(workflowSteps.pauseMonitor, OWNER, { monitor: BLOG });
    if (!resume.question || !pause.question) throw new Error("no confirmation was asked");
    await stack.bot.stop();
    // Another replica: its own process, the same Redis, key prefix and encryption key.
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
        ALERT_WORKERS: "0",
      }),
      { keyPrefix: stack.keyPrefix, logger: silentLogger, clock, stepSweepMs: 200 },
    );
    stack.slack.setAppUrl(`http://127.0.0.1:${second.port}/slack/events`);
    await click(OWNER, resume.question, actions.stepConfirm);
    const resumed = await ended(resume.execution);
    expect(resumed.state).toBe("completed");
    expect(resumed.outputs).toEqual({ monitor_id: PAYMENTS_API, paused: false, changed: true });
    expect(await monitorPaused(PAYMENTS_API)).toBe(false);
    offsetMs += 10 * 60_000 + 1000;
    const expired = await ended(pause.execution);
    expect(expired.state).toBe("failed");
    expect(expired.error).toContain("Not confirmed within 10 minutes");
    expect(await monitorPaused(BLOG)).toBe(false);
    expect(disables(BLOG)).toEqual([]);
  });
});
