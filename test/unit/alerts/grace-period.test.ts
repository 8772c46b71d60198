import { describe, expect, it } from "vitest";
import { graceOf } from "../../../src/alerts/kinds/incident/grace-period";
import type { OutboxEvent } from "../../../src/alerts/model";
import { incident, iso, T0 } from "./fixtures";

function event(type: OutboxEvent["type"], ended: number | null = null): OutboxEvent {
  const snapshot = incident("42", T0, ended === null ? {} : { ended: iso(ended) });
  return {
    type,
    incidentId: "42",
    monitorId: "m42",
    at: iso(T0),
    incident: snapshot,
    apiTeamId: "1",
    monitor: null,
    failingLocations: [],
  };
}

describe("graceOf (--after)", () => {
  const sub = { options: { after: 120 } };

  it("holds nothing for a subscription without it", () => {
    expect(graceOf({}, event("opened"))).toBeNull();
  });

  it("holds an opening and an acknowledge until the incident has lasted the grace period", () => {
    expect(graceOf(sub, event("opened"))).toEqual({ key: "42", until: T0 + 120_000 });
    expect(graceOf(sub, event("acknowledged"))).toEqual({ key: "42", until: T0 + 120_000 });
  });

  it("ends the hold with a recovery sooner, and lets a later one through", () => {
    expect(graceOf(sub, event("resolved", T0 + 40_000))).toEqual({
      key: "42",
      until: T0 + 120_000,
      ends: true,
    });
    expect(graceOf(sub, event("resolved", T0 + 180_000))).toBeNull();
    expect(graceOf(sub, event("resolved", T0 + 120_000))).toBeNull();
  });

  it("holds nothing when the start does not parse", () => {
    const broken = { ...event("opened"), incident: { ...event("opened").incident, started: "soon" } };
    expect(graceOf(sub, broken)).toBeNull();
  });
});
