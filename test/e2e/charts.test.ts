// Charts end to end: the real bot renders a PNG, uploads it through the fake Slack's external upload flow
// (files.getUploadURLExternal, POST, files.completeUploadExternal), shares it to the asker's DM, and replaces
// the ephemeral answer with the same answer plus a `slack_file` image block. A failed upload costs nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EphemeralMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { createLogger } from "../../src/lib/logger";
import { CHART_HEIGHT, CHART_WIDTH } from "../../src/ui/charts/chart-options";
import { linkUser, type Stack, startStack, textOf } from "../support/e2e-stack";
import { readPng } from "../support/png";
import { eventually, waitFor } from "../support/wait-for";

const USER = "U0ALICE";

type Block = { type: string; slack_file?: { id: string }; alt_text?: string };
const imageOf = (message: EphemeralMessage) =>
  ((message.blocks ?? []) as Block[]).find((b) => b.type === "image");

describe("charts in availability and latency answers, and digests", () => {
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

  it("/uptime digest posts the channel's digest now, with its chart shared to the channel", async () => {
    const before = stack.slack.state.channelMessages("C0GENERAL").length;
    const result = await stack.slack.sender.slashCommand({
      userId: USER,
      channelId: "C0GENERAL",
      text: "digest weekly",
    });
    expect(result.status).toBe(200);
    const digest = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages("C0GENERAL")
          .slice(before)
          .find((m) => (m.blocks as Block[] | undefined)?.some((b) => b.type === "image")),
      15_000,
    );
    const text = textOf(digest);
    expect(text).toMatch(/Weekly digest for Acme/);
    expect(text).toContain("Asked for by <@U0ALICE> with /uptime digest.");
    for (const part of [
      "Incidents opened",
      "Downtime",
      "Mean time to acknowledge",
      "Mean time to recover",
      "Worst monitors",
    ])
      expect(text).toContain(part);
    const image = (digest.blocks as Block[]).find((b) => b.type === "image")!;
    expect(image.alt_text).toMatch(/^Availability of .* over the 7 days to /);
    const file = stack.slack.state.files.get(image.slack_file?.id ?? "")!;
    const png = readPng(file.content!);
    expect({ width: png.width, height: png.height }).toEqual({ width: CHART_WIDTH, height: CHART_HEIGHT });
    expect(png.inkShare).toBeGreaterThan(0.05);
    // Everyone in the channel may see it: shared there (in the digest's thread), not to a DM.
    expect(file.channels).toEqual(["C0GENERAL"]);
  });

  it("/uptime subscribe --digest weekly names when the digest comes, in the subscriber's Slack time zone", async () => {
    const before = stack.slack.state.channelMessages("C0GENERAL").length;
    await stack.slack.sender.slashCommand({
      userId: USER,
      channelId: "C0GENERAL",
      text: "subscribe --digest weekly",
    });
    const announcement = await waitFor(
      stack.slack.events,
      () =>
        stack.slack.state
          .channelMessages("C0GENERAL")
          .slice(before)
          .find((m) => /now gets alerts/.test(m.text ?? "")),
      10_000,
    );
    // users.info `tz` of the fake Slack's users.
    expect(textOf(announcement)).toContain("and a weekly digest at Mondays 09:00 Europe/Amsterdam.");
    // The announcement goes out before the subscription is stored (it proves the app may post there).
    const list = await eventually(async () => {
      const text = textOf(await stack.command(USER, "subscriptions"));
      return text.includes("digest") ? text : undefined;
    });
    expect(list).toContain("weekly digest at Mondays 09:00 Europe/Amsterdam");
  });

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
