import { describe, expect, it } from "vitest";
import { OutboxEventError } from "../../../../src/alerts/engine/alert-kind";
import { decodeDeliverableEvent as decodeOutboxEvent } from "../../../../src/alerts/kinds/registry";
import { isLaterStage, type OutboxEvent } from "../../../../src/alerts/model";

const event: OutboxEvent = {
  type: "opened",
  incidentId: "1",
  monitorId: "2",
  at: "2026-03-02T10:00:00Z",
  incident: {
    id: "1",
    monitorId: "2",
    started: "2026-03-02T10:00:00Z",
    ended: null,
    acknowledged: null,
    maintenance: false,
    reason: null,
  },
  apiTeamId: "3",
  monitor: null,
  failingLocations: [],
};

describe("outbox event codec", () => {
  it("round-trips and refuses anything else with a typed error", () => {
    expect(decodeOutboxEvent(JSON.stringify(event))).toEqual(event);
    expect(() => decodeOutboxEvent("{")).toThrow(OutboxEventError);
    expect(() => decodeOutboxEvent(undefined)).toThrow(OutboxEventError);
    expect(() => decodeOutboxEvent(JSON.stringify({ ...event, type: "exploded" }))).toThrow(OutboxEventError);
  });

  it("orders stages open < acknowledged < resolved", () => {
    expect(isLaterStage("acknowledged", "open")).toBe(true);
    expect(isLaterStage("open", "acknowledged")).toBe(false);
    expect(isLaterStage("resolved", "resolved")).toBe(false);
  });
});
