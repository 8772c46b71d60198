import { describe, expect, it } from "vitest";
import { ALERT_GATE_RULES } from "../../../src/alerts/engine/alert-gate";
import { OutboxEventError } from "../../../src/alerts/engine/alert-kind";
import { ALERT_KINDS, decodeDeliverableEvent } from "../../../src/alerts/kinds/registry";

describe("the kind registry", () => {
  it("gives each outbox event type to one kind, with a codec and a plan, and each kind a row of the gate", () => {
    const types = ALERT_KINDS.flatMap((kind) => kind.types);
    expect(new Set(types).size).toBe(types.length);
    for (const kind of ALERT_KINDS) {
      if (kind.types.length > 0) {
        expect(kind.codec, kind.name).not.toBeNull();
        expect(kind.plan, kind.name).not.toBeNull();
      }
      if (kind.gate) expect(ALERT_GATE_RULES[kind.gate], kind.name).toBeDefined();
    }
    expect(new Set(ALERT_KINDS.map((kind) => kind.name)).size).toBe(ALERT_KINDS.length);
  });

  it("decodes an entry by its type and names what is wrong with one no kind reads", () => {
    const redraw = { type: "redraw", subscriptionId: "s1", incidentId: "7", ackedBy: "U1" };
    expect(decodeDeliverableEvent(JSON.stringify(redraw))).toEqual(redraw);
    expect(() => decodeDeliverableEvent(JSON.stringify({ ...redraw, ackedBy: "" }))).toThrow(
      /redraw event has the wrong shape/,
    );
    expect(() => decodeDeliverableEvent(JSON.stringify({ type: "exploded" }))).toThrow(OutboxEventError);
    expect(() => decodeDeliverableEvent("{")).toThrow(/is not JSON/);
    expect(() => decodeDeliverableEvent(undefined)).toThrow(/no event field/);
  });
});
