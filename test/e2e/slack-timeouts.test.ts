// The listeners' Slack client is timed (issue 32, "Bounded and timed"): a Web API call that Slack holds
// ends with an error after the client's timeout, so the listener run ends and a shutdown's drain is not
// held by it. The fake Slack stalls views.open far longer than the (shortened) timeout.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/lib/logger";
import { type Stack, startStack } from "../support/e2e-stack";
import { eventually } from "../support/wait-for";

const USER = "U0ALICE";
const TIMEOUT_MS = 300;
const STALL_MS = 20_000;

describe("the listeners' Slack client times out", () => {
  let stack: Stack;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    stack = await startStack({
      bot: { slackTimeoutMs: TIMEOUT_MS },
      logger: createLogger({
        level: "info",
        destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
      }),
    });
  });
  afterAll(async () => {
    stack?.slack.faults.clear();
    await stack?.close();
  });

  it("gives up a views.open that Slack holds, and the listener run ends while Slack still holds it", async () => {
    stack.slack.faults.set({ kind: "stall", methods: ["views.open"], durationMs: 60_000, stallMs: STALL_MS });
    const result = await stack.slack.sender.slashCommand({
      userId: USER,
      channelId: "C0GENERAL",
      text: "login",
    });
    expect(result.status).toBe(200);
    // The run started (the ack came back) and then ended, while the fake still holds views.open: the call
    // is recorded only once its stall is over.
    await eventually(async () => (stack.bot.inFlight() === 0 ? true : undefined), STALL_MS / 2);
    expect(stack.slack.state.callsOf("views.open")).toEqual([]);
    const failure = logLines.find((line) => line.msg === "unhandled listener error");
    expect(JSON.stringify(failure)).toMatch(/timeout|aborted/i);
  });
});
