// One JSON log: every line written while a Slack request is handled names its workspace and a request id
// of its own, and the alert path's Slack clients write into the same JSON log (not @slack/web-api's plain
// text "http request failed" on the console).
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_TOKENS } from "../../dev/simulator";
import { createLogger } from "../../src/lib/logger";
import { linkUser, type Stack, startStack } from "../support/e2e-stack";
import { eventually } from "../support/wait-for";

/** Demo seed: monitor 1 "Marketing site" of team 1, which Alice (owner token) belongs to. */
const MARKETING_SITE = 1;
/**
 * The alert client's Slack call timeout (SLACK_ALERT_CALL_TIMEOUT_MS), short so that a stall past it costs
 * seconds, not the product's 10; the post settle (ALERT_POST_SETTLE_MS) must be longer, as config/config.ts requires.
 */
const ALERT_CALL_TIMEOUT_MS = 2_000;
const ALERT_POST_SETTLE_MS = 5_000;

interface Line {
  level: number;
  msg: string;
  component?: string;
  workspace?: string;
  requestId?: string;
}

describe("one JSON log, with the workspace and a request id on a request's lines", () => {
  let stack: Stack;
  const lines: Line[] = [];
  const logger = createLogger({
    level: "info",
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString("utf8").split("\n")) if (text) lines.push(JSON.parse(text) as Line);
        done();
      },
    }),
  });

  beforeAll(async () => {
    stack = await startStack({
      logger,
      env: {
        ALERT_WORKERS: "1",
        POLL_INTERVAL_SECONDS: "1",
        SLACK_ALERT_CALL_TIMEOUT_MS: String(ALERT_CALL_TIMEOUT_MS),
        ALERT_POST_SETTLE_MS: String(ALERT_POST_SETTLE_MS),
      },
    });
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("tags each request's lines with its workspace and an id of its own", async () => {
    // Slack posts the announcement but its answer is lost: the listener logs a warning, inside the request.
    const warned = () => lines.filter((line) => line.msg === "subscribe announcement: outcome unknown");
    for (const [i, channel] of ["C0ALERTS", "C0GENERAL"].entries()) {
      stack.slack.failNext("chat.postMessage", { status: 500, afterProcessing: true });
      const ack = await stack.slack.sender.slashCommand({
        userId: "U0ALICE",
        channelId: channel,
        text: "subscribe",
      });
      expect(ack.status).toBe(200);
      await eventually(async () => (warned().length > i ? true : undefined), 10_000);
    }
    expect(warned()).toHaveLength(2);
    for (const line of warned()) {
      expect(line.workspace).toBe(`T:${stack.slack.config.teamId}`);
      expect(line.requestId).toMatch(/^[0-9a-f]{12}$/);
    }
    expect(warned()[0]!.requestId).not.toBe(warned()[1]!.requestId);
    // Outside a request (start-up, polling) no line carries a request id.
    expect(lines.find((line) => line.msg === "bot started")?.requestId).toBeUndefined();
  });

  it("logs the alert clients' failures as JSON lines of the bot's log", async () => {
    // chat.postMessage held longer than the alert client's timeout: its fetch is aborted, which
    // @slack/web-api reports as "http request failed" through the logger it was given.
    stack.slack.faults.set({
      kind: "stall",
      methods: ["chat.postMessage"],
      durationMs: ALERT_CALL_TIMEOUT_MS + 4_000,
      stallMs: ALERT_CALL_TIMEOUT_MS + 2_000,
    });
    stack.simulator.control.fail(MARKETING_SITE, "HTTP 503 from the request-log test");
    const failed = await eventually(
      async () =>
        lines.find(
          (line) => line.component === "alert-slack-client" && line.msg.startsWith("http request failed"),
        ),
      30_000,
    );
    expect(failed.level).toBe(40);
    stack.slack.faults.clear();
  }, 60_000);
});
