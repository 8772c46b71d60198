import { describe, expect, it } from "vitest";
import { incidentDuration, listSections, stateEmoji, targetOf } from "../../../src/ui/query-parts";
import { closedIncident, incident, monitor, NOW } from "./query-fixtures";

describe("listSections", () => {
  it("packs rows into sections under 3000 characters and counts what did not fit", () => {
    const rows = Array.from({ length: 100 }, (_, i) => `row ${i} ${"x".repeat(200)}`);
    const sections = listSections(rows, 3, "narrow it");
    expect(sections).toHaveLength(3);
    for (const s of sections) expect(s.text!.text.length).toBeLessThanOrEqual(3000);
    const shown = sections
      .map((s) => s.text!.text)
      .join("\n")
      .match(/^row \d+/gm)!.length;
    expect(sections.at(-1)!.text!.text).toContain(`…and ${100 - shown} more: narrow it`);
  });

  it("gives no blocks for no rows", () => {
    expect(listSections([], 5)).toEqual([]);
  });
});

describe("monitor and incident parts", () => {
  it("reads paused before the last state, and the target of each kind", () => {
    expect(stateEmoji(monitor({ paused: true, state: "down" }))).toBe("⏸️");
    expect(stateEmoji(monitor({ state: "down" }))).toBe("🔴");
    expect(targetOf(monitor({ kind: "tcp_port", settings: { host: "db", port: 5432 } }))).toBe("db:5432");
  });

  it("writes an incident's length, or how long it has been going on", () => {
    expect(incidentDuration(incident(), NOW)).toBe("ongoing for 12m");
    expect(incidentDuration(closedIncident(), NOW)).toBe("14m 5s");
  });
});
