// Charts end to end: the real bot renders a PNG, uploads it through the fake Slack's external upload flow
// (files.getUploadURLExternal, POST, files.completeUploadExternal), shares it to the asker's DM, and replaces
// the ephemeral answer with the same answer plus a `slack_file` image block. A failed upload costs nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/lib/logger";
import type { EphemeralMessage } from "../../src/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../src/simulator";
import { CHART_HEIGHT, CHART_WIDTH } from "../../src/ui/charts/chart-options";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { readPng } from "../support/png";
import { eventually, waitFor } from "../support/wait-for";

const USER = "U0ALICE";

type Block = { type: string; slack_file?: { id: string }; alt_text?: string };
const imageOf = (message: EphemeralMessage) =>
  ((message.blocks ?? []) as Block[]).find((b) => b.type === "image");

describe("charts in availability and latency answers", () => {
  let stack: Stack;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logger = createLogger({
      level: "warn",
      destination: { write: (line: string) => void logLines.push(JSON.parse(line)) },
    });
    stack = await startStack({ logger });
    await linkUser(stack, USER, DEMO_TOKENS.owner);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it.each([
    ["availability Blog", "availability-blog-24h.png", /^Availability of Blog over the last 24 hours/],
    ["latency Blog 30d", "latency-blog-30d.png", /^Response time of Blog over the last 30 days/],
    ["monitor Blog", "availability-blog-24h.png", /^Availability of Blog over the last 24 hours/],
  ])(
    "/uptime %s answers with text, then shows a %s of the stated size under it",
    async (text, filename, alt) => {
      const answer = await stack.command(USER, text);
      const answerText = textOf(answer);
      expect(answerText).toMatch(/Blog/);
      // The same ephemeral message gains the picture (replace_original), keeping its text.
      const image = await waitFor(stack.slack.events, () => imageOf(answer), 10_000);
      expect(image.alt_text).toMatch(alt);
      expect(textOf(answer)).toContain(answerText.split("\n")[0]);
      const file = stack.slack.state.files.get(image.slack_file?.id ?? "");
      expect(file).toMatchObject({ filename, completed: true });
      const png = readPng(file!.content!);
      expect({ width: png.width, height: png.height }).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
      expect(png.inkShare).toBeGreaterThan(0.05);
      // Shared to the asker's DM with the app (so that they may see it), and nowhere else.
      const dms = file!.channels.map((id) => stack.slack.state.conversation(id));
      expect(dms).toEqual([expect.objectContaining({ isIm: true, imUser: USER })]);
    },
  );

  it("a failed upload still answers, without a picture, and the log says why", async () => {
    stack.slack.failNext("files.getUploadURLExternal", { error: "internal_error" });
    const files = stack.slack.state.files.size;
    const answer = await stack.command(USER, "availability Blog");
    expect(textOf(answer)).toMatch(/Blog/);
    const line = await eventually(async () =>
      logLines.find((l) => l.msg === "chart not shown: upload failed"),
    );
    expect(String(line.err)).toMatch(/internal_error/);
    expect(imageOf(answer)).toBeUndefined();
    expect(stack.slack.state.files.size).toBe(files);
  });
});
