// The runbook link buttons: the shared part (runbookBlock) and the two surfaces that are not alert messages,
// the unfurl card of an open incident and the first message of an incident channel.
import { describe, expect, it } from "vitest";
import { renderIncidentChannelIntro } from "../../../src/alerts/kinds/incident-channel/render-incident-channel";
import type { Runbook } from "../../../src/domain/runbooks";
import type { UnfurlCardView } from "../../../src/services/unfurl-cards";
import { actions, blocks } from "../../../src/ui/ids";
import { renderUnfurlCard } from "../../../src/ui/render-unfurl-card";
import { runbookBlock } from "../../../src/ui/runbook-buttons";
import { incident as snapshot, T0 } from "../alerts/fixtures";
import { closedIncident, incident } from "./query-fixtures";

const RUNBOOKS: Runbook[] = [
  { url: "https://wiki.example.com/runbooks/shop", label: "Shop runbook" },
  { url: "https://docs.example.org/edge?x=1" },
];

interface LinkButton {
  type: string;
  action_id: string;
  url?: string;
  value?: string;
  text: { type: string; text: string };
}

/** The link buttons of a message's runbook block, wherever it sits among the blocks. */
function runbookButtonsOf(list: readonly unknown[] | undefined): LinkButton[] {
  return (list ?? [])
    .filter((b) => (b as { block_id?: string }).block_id === blocks.runbooks)
    .flatMap((b) => (b as { elements: LinkButton[] }).elements);
}

describe("runbookBlock", () => {
  it("is one actions block of link buttons, labelled with the label or the link's host, in order", () => {
    const [block, ...rest] = runbookBlock(RUNBOOKS);
    expect(rest).toEqual([]);
    expect(block).toMatchObject({ type: "actions", block_id: blocks.runbooks });
    expect(block!.elements).toEqual([
      {
        type: "button",
        action_id: `${actions.runbookLink}.0`,
        text: expect.objectContaining({ type: "plain_text", text: "📖 Shop runbook" }),
        url: "https://wiki.example.com/runbooks/shop",
      },
      {
        type: "button",
        action_id: `${actions.runbookLink}.1`,
        text: expect.objectContaining({ type: "plain_text", text: "📖 docs.example.org" }),
        url: "https://docs.example.org/edge?x=1",
      },
    ]);
  });

  it("is nothing at all without runbooks (no empty actions block, which Slack refuses)", () => {
    expect(runbookBlock(undefined)).toEqual([]);
    expect(runbookBlock([])).toEqual([]);
  });

  it("gives each button a distinct action_id and no value: a click only opens the link", () => {
    const elements = runbookButtonsOf(runbookBlock(RUNBOOKS));
    expect(new Set(elements.map((e) => e.action_id)).size).toBe(elements.length);
    expect(elements.every((e) => e.value === undefined && e.url?.startsWith("https://"))).toBe(true);
  });

  it("keeps a long label within Block Kit's 75 characters of button text", () => {
    const [button] = runbookButtonsOf(runbookBlock([{ url: "https://x.example", label: "L".repeat(200) }]));
    expect(button!.text.text.length).toBeLessThanOrEqual(75);
  });
});

describe("runbook buttons on the unfurl card", () => {
  const view = (overrides: Partial<UnfurlCardView> = {}): UnfurlCardView => {
    const open = incident();
    return {
      target: { kind: "incident", incidentId: open.id },
      monitor: { id: "5", name: "Public API", state: "down", paused: false },
      incident: open,
      teamId: "1",
      since: open.started,
      availability24h: 98.5,
      ackedBy: null,
      runbooks: RUNBOOKS,
      ...overrides,
    };
  };

  it("shows the monitor's runbooks while its incident is open, after Acknowledge and Details", () => {
    const card = renderUnfurlCard(view(), undefined);
    expect(runbookButtonsOf(card.blocks).map((b) => b.url)).toEqual(RUNBOOKS.map((r) => r.url));
    const ids = (card.blocks ?? []).map((b) => (b as { block_id?: string }).block_id);
    expect(ids.at(-1)).toBe(blocks.runbooks);
  });

  it("shows them on an acknowledged incident too", () => {
    const acked = incident({ acknowledged: new Date(Date.parse("2026-11-21T09:55:00Z")) });
    const card = renderUnfurlCard(view({ incident: acked, ackedBy: "U0ALICE" }), undefined);
    expect(runbookButtonsOf(card.blocks)).toHaveLength(2);
  });

  it("leaves them off once the incident is over, and when there are none", () => {
    const ended = closedIncident();
    expect(runbookButtonsOf(renderUnfurlCard(view({ incident: ended }), undefined).blocks)).toEqual([]);
    expect(
      runbookButtonsOf(
        renderUnfurlCard(
          view({ target: { kind: "monitor", monitorId: "5" }, incident: null, since: null }),
          undefined,
        ).blocks,
      ),
    ).toEqual([]);
    const bare = renderUnfurlCard(view({ runbooks: [] }), undefined);
    expect((bare.blocks ?? []).some((b) => (b as { block_id?: string }).block_id === blocks.runbooks)).toBe(
      false,
    );
  });
});

describe("runbook buttons on the incident channel's first message", () => {
  const down = { incident: snapshot("9", T0, { monitorId: "77" }), monitor: null };
  const intro = (runbooks: readonly Runbook[] | undefined, items = [down]) =>
    renderIncidentChannelIntro({
      items,
      sourceChannel: "C0ALERTS",
      openedBy: "U0ALICE",
      now: T0 + 90_000,
      runbooks,
    });

  it("shows the monitor's runbooks as link buttons", () => {
    const buttons = runbookButtonsOf(intro(RUNBOOKS).blocks);
    expect(buttons.map((b) => [b.text.text, b.url])).toEqual([
      ["📖 Shop runbook", "https://wiki.example.com/runbooks/shop"],
      ["📖 docs.example.org", "https://docs.example.org/edge?x=1"],
    ]);
  });

  it("has no runbook block without runbooks", () => {
    expect(runbookButtonsOf(intro(undefined).blocks)).toEqual([]);
    expect(runbookButtonsOf(intro([]).blocks)).toEqual([]);
  });
});
