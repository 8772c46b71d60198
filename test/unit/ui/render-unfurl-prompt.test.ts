import { describe, expect, it } from "vitest";
import type { UnfurlCardView } from "../../../src/services/unfurl-cards";
import { unfurlPromptCodec } from "../../../src/ui/codecs";
import { actions } from "../../../src/ui/ids";
import { renderUnfurlAnswer, renderUnfurlPrompt, unfurlTitle } from "../../../src/ui/render-unfurl-prompt";
import { incident } from "./query-fixtures";

const PROMPT_ID = "0123456789abcdef01234567";

function view(name: string | null): UnfurlCardView {
  const open = incident();
  return {
    target: { kind: "incident", incidentId: open.id },
    monitor: name === null ? null : { id: "5", name, state: "down", paused: false },
    incident: open,
    teamId: "1",
    since: open.started,
    availability24h: null,
    ackedBy: null,
  };
}

describe("the link-preview question", () => {
  it("names the monitor, escaped, and how many more links the message had", () => {
    expect(unfurlTitle([view("Payments API")])).toBe("*Payments API*");
    // No mention or link can hide in a name: <, > and & are escaped, as everywhere (text.ts escapeMrkdwn).
    expect(unfurlTitle([view("<!channel> & co"), view("Blog")])).toBe(
      "*&lt;!channel&gt; &amp; co* and 1 more",
    );
    expect(unfurlTitle([view(null)])).toBe("*incident #42*");
  });

  it("asks everyone here, with Show / Not here / Never carrying only the question's id", () => {
    const rendered = renderUnfurlPrompt({ title: "*Payments API*", promptId: PROMPT_ID });
    expect(rendered.text).toBe("Show a live preview of *Payments API* to everyone here?");
    const buttons = (rendered.blocks ?? [])
      .flatMap((b) => (b.type === "actions" ? b.elements : []))
      .map((e) => e as { action_id: string; value?: string; text: { text: string } });
    expect(buttons.map((b) => [b.action_id, b.text.text])).toEqual([
      [actions.unfurlShow, "Show"],
      [actions.unfurlNotHere, "Not here"],
      [actions.unfurlNever, "Never"],
    ]);
    for (const b of buttons) expect(unfurlPromptCodec.decode(b.value)).toEqual({ promptId: PROMPT_ID });
  });

  it("asked in the app's DM, it names the conversation", () => {
    const rendered = renderUnfurlPrompt({ title: "*Blog*", promptId: PROMPT_ID, channel: "C0GENERAL" });
    expect(rendered.text).toBe("Show a live preview of *Blog* to everyone in <#C0GENERAL>?");
  });

  it("each answer says what happens next", () => {
    expect(renderUnfurlAnswer("show", "*Blog*").text).toContain("Showing a live preview of *Blog*");
    expect(renderUnfurlAnswer("not-here").text).toContain("not be asked again here");
    expect(renderUnfurlAnswer("never").text).toContain("App Home");
    expect(renderUnfurlAnswer("expired").text).toContain("nothing changed");
  });
});
