// The notes at a planned quiet window's start and end (issue 37), and the command's answers.
import { describe, expect, it } from "vitest";
import { renderMaintenanceNote } from "../../../../src/alerts/kinds/maintenance/render-maintenance-note";
import {
  renderMaintenanceEnded,
  renderMaintenanceList,
  renderMaintenancePlanned,
} from "../../../../src/ui/render-maintenance";
import { checkBlockKitLimits } from "../../../support/block-kit-limits";

const NOW = Date.parse("2026-11-27T20:00:00Z");
const END = NOW + 2 * 3_600_000;
const unix = (ms: number) => Math.floor(ms / 1000);

describe("renderMaintenanceNote", () => {
  it("at the start: what, until when as a Slack date, who planned it and why", () => {
    const note = renderMaintenanceNote({
      phase: "start",
      id: "k3f9",
      scope: { kind: "monitor", monitorId: "4", name: "Docs" },
      endAt: END,
      by: "U0ALICE",
      reason: "database <upgrade>",
    });
    expect(note.text).toBe(
      `🔧 Maintenance \`k3f9\` started: no outage alerts here for *Docs* until <!date^${unix(END)}^{date_short_pretty} {time}|2026-11-27 22:00 UTC>. Planned by <@U0ALICE>: _database &lt;upgrade&gt;_.`,
    );
    expect(checkBlockKitLimits("message", { text: note.text, blocks: note.blocks })).toEqual([]);
  });

  it("at the end: alerts again, and who ended it early when someone did", () => {
    const over = renderMaintenanceNote({
      phase: "end",
      id: "k3f9",
      scope: { kind: "group", group: "Edge" },
      endAt: END,
      by: "U0ALICE",
      reason: null,
    });
    expect(over.text).toContain(
      "🔧 Maintenance `k3f9` is over: outage alerts for the group *Edge* are posted here again",
    );
    expect(over.text).toContain("Planned by <@U0ALICE>.");
    const early = renderMaintenanceNote({
      phase: "end",
      id: "k3f9",
      scope: { kind: "all" },
      endAt: END,
      by: "U0ALICE",
      reason: "x",
      endedBy: "U0BOB",
    });
    expect(early.text).toContain("ended early by <@U0BOB>: outage alerts for every monitor");
  });
});

describe("the maintenance command's answers", () => {
  const window = {
    id: "k3f9",
    scope: { kind: "monitor" as const, monitorId: "4", name: null },
    startAt: NOW + 3_600_000,
    endAt: END,
    by: "U0ALICE",
    reason: "upgrade",
  };

  it("confirms a plan with its times and how to end it", () => {
    const later = renderMaintenancePlanned(window, NOW).text;
    expect(later).toContain(`for monitor #4 from <!date^${unix(NOW + 3_600_000)}^`);
    expect(later).toContain("`/uptime maintenance end k3f9` ends it early");
    expect(renderMaintenancePlanned({ ...window, startAt: NOW }, NOW).text).toContain("from now until");
  });

  it("lists windows going on and planned, or says there are none", () => {
    const list = renderMaintenanceList([{ ...window, startAt: NOW - 1 }, window], NOW);
    expect(list.text).toMatch(/^2 maintenance windows in this channel:/);
    expect(list.text).toContain("(going on), by <@U0ALICE>: _upgrade_");
    expect(list.text).toContain("(planned)");
    expect(renderMaintenanceList([], NOW).text).toMatch(/^No maintenance window is planned/);
    const many = renderMaintenanceList(
      Array.from({ length: 80 }, () => window),
      NOW,
    );
    expect(many.blocks).toHaveLength(50);
  });

  it("says whether a window ended or was cancelled", () => {
    expect(renderMaintenanceEnded("ended", window).text).toContain("ends now");
    expect(renderMaintenanceEnded("cancelled", window).text).toContain("is cancelled");
  });
});
