import type { KnownBlock } from "@slack/types";
import { describe, expect, it } from "vitest";
import { type Command, formatCommand, parseCommand } from "../../../src/grammar";
import { shareCodec, shareCodecV1 } from "../../../src/ui/codecs";
import { actions, blocks } from "../../../src/ui/ids";
import { renderErrorMessage } from "../../../src/ui/render-error-message";
import { renderHelp } from "../../../src/ui/render-help";
import type { Rendered } from "../../../src/ui/reply";
import {
  isShareable,
  readShareValue,
  SHAREABLE_KINDS,
  type Shown,
  withShareButton,
} from "../../../src/ui/share-button";
import { checkBlockKitLimits } from "../../support/block-kit-limits";

const answer: Rendered = {
  text: "3 monitors",
  blocks: [{ type: "section", text: { type: "mrkdwn", text: "hi" } }],
};

function shareButtons(rendered: Rendered): { action_id: string; value: string }[] {
  return (rendered.blocks ?? [])
    .flatMap((b) => (b.type === "actions" ? (b.elements as { action_id: string; value: string }[]) : []))
    .filter((el) => el.action_id === actions.share);
}

describe("withShareButton", () => {
  it("adds one Share in channel button, last, whose value is the command text", () => {
    const command = parseCommand('monitors "API gw" --state down --page 2');
    if (!isShareable(command)) throw new Error("monitors is shareable");
    const shared = withShareButton(answer, command, "C0OPS", { teamId: "7" });
    expect(shared.blocks?.slice(0, -1)).toEqual(answer.blocks);
    expect(shared.blocks?.at(-1)).toMatchObject({ type: "actions", block_id: blocks.share });
    const [button] = shareButtons(shared);
    expect(button).toMatchObject({ text: { text: "Share in channel" } });
    const value = shareCodec.decode(button?.value);
    expect(value).toEqual({ command: formatCommand(command), teamId: "7" });
    // What the click re-runs is the very query the asker saw.
    expect(parseCommand(value?.command ?? "")).toEqual(command);
    expect(checkBlockKitLimits("message", { ...shared })).toEqual([]);
  });

  it("is left out in a DM, where the app can only echo or fail", () => {
    expect(withShareButton(answer, { kind: "status" }, "D0APPDM", { teamId: "1" })).toEqual(answer);
  });

  it("is left out when the command does not fit a button value, or the message has no room", () => {
    const long: Command = { kind: "monitor", monitor: "x".repeat(2100) };
    expect(withShareButton(answer, long as never, "C0OPS", { teamId: "1" })).toEqual(answer);
    const full: Rendered = {
      text: "full",
      blocks: Array.from({ length: 50 }, (): KnownBlock => ({ type: "divider" })),
    };
    expect(withShareButton(full, { kind: "status" }, "C0OPS", { teamId: "1" })).toEqual(full);
  });

  it("covers the data subcommands only: not help, changes or prompts", () => {
    expect([...SHAREABLE_KINDS].sort()).toEqual(
      [
        "availability",
        "channels",
        "checks",
        "incident",
        "incidents",
        "latency",
        "locations",
        "monitor",
        "monitors",
        "status",
        "subscriptions",
      ].sort(),
    );
    for (const text of ["help", "ack 12", "pause api", "login", "subscribe", "delete api", "whoami"]) {
      expect(isShareable(parseCommand(text)), text).toBe(false);
    }
  });

  it("never appears on help or error answers", () => {
    expect(shareButtons(renderHelp())).toEqual([]);
    expect(
      shareButtons(renderErrorMessage({ text: "No monitor matches", offerLink: false, unexpected: false })),
    ).toEqual([]);
  });
});

// Issue 32: the value carries what the answer showed, so that the click re-reads that and nothing else.
describe("the Share value (shareCodec v2, and v1 as read at the click)", () => {
  const shareValueFor = (text: string, shown: Shown) => {
    const command = parseCommand(text);
    if (!isShareable(command)) throw new Error(`${text} is shareable`);
    return shareButtons(withShareButton(answer, command, "C0OPS", shown))[0]?.value;
  };

  it("carries the team, and the monitor for an answer about one, and reads back to the same query", () => {
    const value = shareValueFor('availability "Blog" 30d', { teamId: "1", monitorId: "3" });
    expect(JSON.parse(value ?? "")).toEqual({ v: 2, k: "share", c: "availability Blog 30d", t: "1", m: "3" });
    expect(readShareValue(value)).toEqual({
      command: parseCommand("availability Blog 30d"),
      teamId: "1",
      monitorId: "3",
    });
    // A list is about no one monitor: a monitor id there would be noise, and is left out.
    expect(
      shareCodec.decode(shareValueFor("monitors --state down", { teamId: "2", monitorId: "3" })),
    ).toEqual({
      command: "monitors --state down",
      teamId: "2",
    });
  });

  it("has no button when the team shown is unknown, and no team for answers of none", () => {
    expect(shareValueFor("status", {})).toBeUndefined();
    expect(shareCodec.decode(shareValueFor("locations", { teamId: "1" }))).toEqual({ command: "locations" });
    expect(shareCodec.decode(shareValueFor("subscriptions", { teamId: "1" }))).toEqual({
      command: "subscriptions",
    });
    expect(readShareValue(shareValueFor("subscriptions", {}))).toEqual({
      command: { kind: "subscriptions" },
    });
  });

  it("stays within the button's 2,000 characters with the longest ids", () => {
    const value = shareValueFor(`monitor ${"x".repeat(1900)}`, {
      teamId: "9".repeat(18),
      monitorId: "8".repeat(18),
    });
    expect(value?.length).toBeLessThanOrEqual(2000);
    expect(readShareValue(value)?.teamId).toBe("9".repeat(18));
    expect(shareValueFor(`monitor ${"x".repeat(1990)}`, { teamId: "1" })).toBeUndefined();
  });

  it("reads a v1 value that named its team (a paged list) or whose answer has none", () => {
    expect(readShareValue(shareCodecV1.encode({ command: "incidents open --page 2", teamId: "7" }))).toEqual({
      command: parseCommand("incidents open --page 2"),
      teamId: "7",
    });
    expect(readShareValue(shareCodecV1.encode({ command: "locations" }))).toEqual({
      command: { kind: "locations" },
    });
  });

  it("refuses a v1 value without the team its answer showed: today's active team may be another", () => {
    for (const command of ["monitors", "status", "monitor Blog", "incident 12", "channels"]) {
      expect(readShareValue(shareCodecV1.encode({ command })), command).toBeNull();
    }
  });

  it("refuses junk, another codec's value, a command that is not a query, and bad ids", () => {
    expect(readShareValue(undefined)).toBeNull();
    expect(readShareValue("junk")).toBeNull();
    expect(readShareValue(JSON.stringify({ v: 3, k: "share", c: "status", t: "1" }))).toBeNull();
    expect(readShareValue(JSON.stringify({ v: 2, k: "pg", c: "status", t: "1" }))).toBeNull();
    expect(readShareValue(shareCodec.encode({ command: "pause api", teamId: "1" }))).toBeNull();
    expect(readShareValue(JSON.stringify({ v: 2, k: "share", c: "status", t: "acme" }))).toBeNull();
    expect(
      readShareValue(JSON.stringify({ v: 2, k: "share", c: "monitor Blog", t: "1", m: "3 OR 1" })),
    ).toBeNull();
  });
});
