import { describe, expect, it } from "vitest";
import { windowCovers } from "../../../src/domain/quiet-windows";

const monitor = { monitorId: "12", group: "checkout", apiTeamId: "1" };

describe("windowCovers", () => {
  it("covers the monitors of its scope once started, in its own API team only", () => {
    const all = { startAt: 1000, apiTeamId: "1", scope: { kind: "all" as const } };
    expect(windowCovers(all, monitor, 1000)).toBe(true);
    expect(windowCovers(all, monitor, 999)).toBe(false);
    expect(windowCovers({ ...all, apiTeamId: "2" }, monitor, 1000)).toBe(false);
  });

  it("covers by monitor id or by group", () => {
    const byId = {
      startAt: 0,
      apiTeamId: "1",
      scope: { kind: "monitor" as const, monitorId: "12", name: null },
    };
    const byGroup = { startAt: 0, apiTeamId: "1", scope: { kind: "group" as const, group: "checkout" } };
    expect(windowCovers(byId, monitor, 1)).toBe(true);
    expect(windowCovers(byId, { ...monitor, monitorId: "13" }, 1)).toBe(false);
    expect(windowCovers(byGroup, monitor, 1)).toBe(true);
    expect(windowCovers(byGroup, { ...monitor, group: null }, 1)).toBe(false);
  });
});
