import type { KnownBlock } from "@slack/types";
import { describe, expect, it } from "vitest";
import { type Command, formatCommand, parseCommand } from "../../../src/grammar";
import { shareCodec } from "../../../src/ui/codecs";
import { actions, blocks } from "../../../src/ui/ids";
import { renderErrorMessage } from "../../../src/ui/render-error-message";
import { renderHelp } from "../../../src/ui/render-help";
import type { Rendered } from "../../../src/ui/reply";
import { isShareable, SHAREABLE_KINDS, withShareButton } from "../../../src/ui/share-button";
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
    const shared = withShareButton(answer, command, "C0OPS");
    expect(shared.blocks?.slice(0, -1)).toEqual(answer.blocks);
    expect(shared.blocks?.at(-1)).toMatchObject({ type: "actions", block_id: blocks.share });
    const [button] = shareButtons(shared);
    expect(button).toMatchObject({ text: { text: "Share in channel" } });
    const value = shareCodec.decode(button?.value);
    expect(value).toEqual({ command: formatCommand(command) });
    // What the click re-runs is the very query the asker saw.
    expect(parseCommand(value?.command ?? "")).toEqual(command);
    expect(checkBlockKitLimits("message", { ...shared })).toEqual([]);
  });

  it("is left out in a DM, where the app can only echo or fail", () => {
    expect(withShareButton(answer, { kind: "status" }, "D0APPDM")).toEqual(answer);
  });

  it("is left out when the command does not fit a button value, or the message has no room", () => {
    const long: Command = { kind: "monitor", monitor: "x".repeat(2100) };
    expect(withShareButton(answer, long as never, "C0OPS")).toEqual(answer);
    const full: Rendered = {
      text: "full",
      blocks: Array.from({ length: 50 }, (): KnownBlock => ({ type: "divider" })),
    };
    expect(withShareButton(full, { kind: "status" }, "C0OPS")).toEqual(full);
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
