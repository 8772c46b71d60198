import { describe, expect, it } from "vitest";
import type { UnfurlCardView } from "../../../src/services/unfurl-cards";
import { actions } from "../../../src/ui/ids";
import { renderUnfurlCard } from "../../../src/ui/render-unfurl-card";
import { closedIncident, incident, monitor, WEB_LINKS } from "./query-fixtures";

function view(overrides: Partial<UnfurlCardView> = {}): UnfurlCardView {
  const open = incident();
  return {
    target: { kind: "incident", incidentId: open.id },
    monitor: { id: "5", name: "Public API", state: "down", paused: false },
    incident: open,
    teamId: "1",
    since: open.started,
    availability24h: 98.5,
    ackedBy: null,
    ...overrides,
  };
}

const actionIds = (card: ReturnType<typeof renderUnfurlCard>) =>
  (card.blocks ?? []).flatMap((b) =>
    b.type === "actions"
      ? ((b as { elements: { action_id?: string }[] }).elements ?? []).map((e) => e.action_id)
      : [],
  );

describe("renderUnfurlCard", () => {
  it("an open incident: name linked, state, since, availability, Acknowledge and Details", () => {
    const card = renderUnfurlCard(view(), WEB_LINKS);
    const text = JSON.stringify(card.blocks);
    expect(text).toContain("<https://uptime.example.com/app/monitors/5|Public API>");
    expect(text).toContain("<https://uptime.example.com/app/incidents/42|#42>");
    expect(text).toContain("down");
    expect(text).toContain("98.50%");
    expect(text).toContain("<!date^");
    expect(actionIds(card)).toEqual([actions.acknowledge, actions.details]);
    expect(card.color).toBe("#d1242f");
  });

  it("acknowledged: who did it, and no Acknowledge button", () => {
    const acked = incident({ acknowledged: new Date(Date.parse("2026-11-21T09:55:00Z")) });
    const card = renderUnfurlCard(view({ incident: acked, ackedBy: "U0ALICE" }), WEB_LINKS);
    expect(JSON.stringify(card.blocks)).toContain("<@U0ALICE>");
    expect(actionIds(card)).toEqual([actions.details]);
    expect(card.color).toBe("#d4a72c");
  });

  it("a monitor that is up: no incident field, no Acknowledge, green", () => {
    const ended = closedIncident();
    const card = renderUnfurlCard(
      view({
        target: { kind: "monitor", monitorId: "5" },
        monitor: { id: "5", name: "Public API", state: "up", paused: false },
        incident: null,
        teamId: null,
        since: ended.ended,
        availability24h: null,
      }),
      undefined,
    );
    const text = JSON.stringify(card.blocks);
    expect(text).toContain("up");
    expect(text).toContain("no data");
    expect(text).not.toContain("Acknowledged");
    expect(actionIds(card)).toEqual([actions.details]);
    expect(card.color).toBe("#1a7f37");
  });

  it("escapes what the API names", () => {
    const hostile = monitor({ name: "<https://evil.example|click> & *bold*" });
    const card = renderUnfurlCard(
      view({ monitor: { id: hostile.id, name: hostile.name, state: "down", paused: false } }),
      undefined,
    );
    const text = JSON.stringify(card.blocks);
    expect(text).not.toContain("<https://evil.example|click>");
    expect(text).toContain("&lt;https://evil.example|click&gt;");
  });
});
