import { describe, expect, it } from "vitest";
import { scheduleTarget } from "../../../../src/alerts/engine/schedules/schedule-targets";
import { type BoardEntry, boardEventSchema } from "../../../../src/alerts/kinds/board/board-event";
import { boardExpiryId, boardExpirySchedule } from "../../../../src/alerts/kinds/board/board-schedule";
import { foldBoard } from "../../../../src/alerts/kinds/board/board-state";
import { renderBoard } from "../../../../src/alerts/kinds/board/render-board";
import { renderEscalationReply } from "../../../../src/alerts/kinds/escalation/render-escalation-reply";
import { renderAlertRoot } from "../../../../src/alerts/kinds/incident/render-alert-root";
import type { RedrawEvent } from "../../../../src/alerts/kinds/redraw/redraw-event";
import { renderReminder } from "../../../../src/alerts/kinds/reminder/render-reminder";
import type { SlowEvent } from "../../../../src/alerts/kinds/slow/slow-event";
import type { OutboxEvent } from "../../../../src/alerts/model";
import { actions, blocks } from "../../../../src/ui/ids";
import { checkBlockKitLimits } from "../../../support/block-kit-limits";

const STARTED = "2026-03-02T10:04:00Z";
const monitor = { id: "77", name: "Checkout API", target: "https://shop.example.com", group: "shop" };

function event(type: OutboxEvent["type"], overrides: Partial<OutboxEvent> = {}): OutboxEvent {
  return {
    type,
    incidentId: "9001",
    monitorId: "77",
    at: STARTED,
    apiTeamId: "1",
    monitor,
    failingLocations: [],
    incident: {
      id: "9001",
      monitorId: "77",
      started: STARTED,
      ended: type === "resolved" ? "2026-03-02T10:08:00Z" : null,
      acknowledged: type === "acknowledged" ? "2026-03-02T10:05:00Z" : null,
      maintenance: false,
      reason: null,
    },
    ...overrides,
  };
}

describe("the board's fold", () => {
  it("shows an outage, then who acknowledged it, then clears it", () => {
    const down = foldBoard([], event("opened"), null, null);
    expect(down).toEqual([
      {
        monitorId: "77",
        name: "Checkout API",
        group: "shop",
        state: "down",
        since: Date.parse(STARTED),
        incidentId: "9001",
      },
    ]);
    const acked = foldBoard(down, event("acknowledged"), null, "U0ALICE");
    expect(acked).toMatchObject([{ state: "acknowledged", ackedBy: "U0ALICE" }]);
    // The same event again, or a late "opened", changes nothing.
    expect(foldBoard(acked, event("acknowledged"), null, "U0ALICE")).toEqual(acked);
    expect(foldBoard(acked, event("opened"), null, null)).toEqual(acked);
    expect(foldBoard(acked, event("resolved"), null, null)).toEqual([]);
  });

  it("shows an acknowledge from Slack (another channel's redraw) before the poll reads it", () => {
    const down = foldBoard([], event("opened"), null, null);
    const redraw: RedrawEvent = { type: "redraw", subscriptionId: "s", incidentId: "9001", ackedBy: "U0BOB" };
    expect(foldBoard(down, redraw, null, null)).toMatchObject([{ state: "acknowledged", ackedBy: "U0BOB" }]);
    const other: RedrawEvent = { ...redraw, incidentId: "1" };
    expect(foldBoard(down, other, null, null)).toEqual(down);
  });

  it("keeps a newer outage at an older incident's late recovery, and skips other groups and maintenance", () => {
    const newer = foldBoard([], event("opened", { incidentId: "9002" }), null, null);
    expect(foldBoard(newer, event("resolved"), null, null)).toEqual(newer);
    expect(foldBoard([], event("opened"), "edge", null)).toEqual([]);
    expect(foldBoard([], event("opened"), "SHOP", null)).toHaveLength(1);
    const maintenance = event("opened");
    maintenance.incident.maintenance = true;
    expect(foldBoard([], maintenance, null, null)).toEqual([]);
  });

  it("shows a slow monitor until it is fast again", () => {
    const slow: SlowEvent = {
      type: "slow",
      phase: "slow",
      apiTeamId: "1",
      monitorId: "77",
      monitor,
      rule: { thresholdMs: 800, checks: 3 },
      alertId: "a1",
      since: 1_000,
      samples: [],
    };
    const shown = foldBoard([], slow, null, null);
    const later: SlowEvent = { ...slow, phase: "updated", since: 5_000 };
    const fast: SlowEvent = { ...slow, phase: "fast" };
    expect(shown).toMatchObject([{ state: "slow", since: 1_000 }]);
    expect(foldBoard(shown, later, null, null)).toEqual(shown);
    expect(foldBoard(shown, fast, null, null)).toEqual([]);
  });
});

describe("renderBoard", () => {
  const entries: BoardEntry[] = [
    { monitorId: "1", name: "Web shop", group: null, state: "acknowledged", since: 1e12, ackedBy: "U0ALICE" },
    { monitorId: "2", name: "API <b>", group: null, state: "down", since: 1e12 },
    { monitorId: "3", name: "Docs", group: null, state: "slow", since: 1e12 },
  ];

  it("lists down (with who acknowledged), slow, paused, muted and quiet, each since when", () => {
    const rendered = renderBoard({
      group: null,
      entries,
      paused: [{ monitorId: "4", name: "Old site", group: null }],
      muted: [{ monitorId: "5", name: "Blog", until: 2e12, by: "U0BOB" }],
      windows: [{ id: "w1", what: "the group *Edge*", endAt: 2e12, by: "U0BOB" }],
    });
    expect(rendered.text).toBe("🔴 Status board: 2 down, 1 slow, 1 paused, 1 muted, 1 in a quiet window");
    const text = JSON.stringify(rendered.blocks);
    expect(text).toContain("acknowledged by <@U0ALICE>");
    expect(text).toContain("API &lt;b&gt;");
    expect(text).toContain("<!date^1000000000^");
    for (const part of ["Down", "Slow", "Paused", "Muted here", "Quiet window", "Old site", "Blog", "Edge"])
      expect(text).toContain(part);
    expect(checkBlockKitLimits("message", { text: rendered.text, blocks: rendered.blocks })).toEqual([]);
  });

  it("says all clear, and draws the same state the same way (an equal drawing is never sent again)", () => {
    const clear = renderBoard({ group: "Edge", entries: [], paused: [], muted: [], windows: [] });
    expect(clear.text).toBe("✅ Status board (group Edge): all clear");
    const input = { group: null, entries, paused: [], muted: [], windows: [] };
    expect(renderBoard(input)).toEqual(renderBoard({ ...input, entries: [...entries].reverse() }));
  });
});

describe("runbook buttons on alerts", () => {
  const runbooks = [
    { url: "https://wiki.example.com/api", label: "On-call guide" },
    { url: "https://x.example.com/" },
  ];
  const incident = event("opened").incident;
  const linkButtons = (blockList: readonly unknown[] | undefined) =>
    (blockList ?? [])
      .filter((b) => (b as { block_id?: string }).block_id === blocks.runbooks)
      .flatMap(
        (b) => (b as { elements: { action_id: string; url: string; text: { text: string } }[] }).elements,
      );

  it("shows them as link buttons on the root while it is down, not once it recovered", () => {
    const base = {
      channelId: "C1",
      apiTeamId: "1",
      incident,
      monitor,
      failingLocations: [],
      now: 0,
      runbooks,
    };
    const open = renderAlertRoot({ ...base, stage: "open" });
    const buttons = linkButtons(open.attachments?.[0]?.blocks);
    expect(buttons).toEqual([
      expect.objectContaining({ action_id: `${actions.runbookLink}.0`, url: "https://wiki.example.com/api" }),
      expect.objectContaining({ action_id: `${actions.runbookLink}.1`, url: "https://x.example.com/" }),
    ]);
    expect(buttons[0]?.text.text).toBe("📖 On-call guide");
    expect(buttons[1]?.text.text).toBe("📖 x.example.com");
    expect(linkButtons(renderAlertRoot({ ...base, stage: "resolved" }).attachments?.[0]?.blocks)).toEqual([]);
    expect(
      linkButtons(renderAlertRoot({ ...base, runbooks: [], stage: "open" }).attachments?.[0]?.blocks),
    ).toEqual([]);
  });

  it("shows them on escalation and reminder replies", () => {
    const escalation = renderEscalationReply({
      incident,
      monitor,
      apiTeamId: "1",
      mention: null,
      afterMinutes: 5,
      runbooks,
      now: 0,
    });
    expect(linkButtons(escalation.blocks)).toHaveLength(2);
    const reminder = renderReminder({
      incident,
      monitor,
      apiTeamId: "1",
      subscriptionId: "s",
      runbooks,
      now: 0,
    });
    expect(linkButtons(reminder.blocks)).toHaveLength(2);
  });
});

describe("boardExpirySchedule", () => {
  it("fires one refresh of the board per expiry time, through the board's own target", () => {
    const firing = boardExpirySchedule.fire(
      { kind: "board", subscriptionId: "sub1", at: 5_000 },
      { dueAt: 5_000, now: 5_010 },
    );
    expect(firing).toMatchObject({ period: "5000", nextDueAt: 0, target: scheduleTarget("board", "sub1") });
    expect(boardEventSchema.parse(JSON.parse(firing.event))).toEqual({
      type: "board",
      action: "refresh",
      subscriptionId: "sub1",
      by: "expiry",
    });
    expect(boardExpiryId("sub1")).toBe(`${scheduleTarget("board", "sub1")}:expiry`);
  });
});
