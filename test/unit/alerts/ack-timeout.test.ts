import { describe, expect, it } from "vitest";
import { ackTimeoutEventSchema } from "../../../src/alerts/kinds/ack-timeout/ack-timeout-event";
import { ackTimeoutSchedule } from "../../../src/alerts/kinds/ack-timeout/ack-timeout-schedule";
import { periodText, renderAckExpired } from "../../../src/alerts/kinds/ack-timeout/render-ack-expired";
import { renderEscalationReply } from "../../../src/alerts/kinds/escalation/render-escalation-reply";
import { textOf } from "../../support/text-of";
import { incident, T0 } from "./fixtures";

describe("the acknowledgement timeout's root line", () => {
  it("says whose acknowledgement expired after how long", () => {
    expect(renderAckExpired({ ackedBy: "U0RITA", afterMinutes: 60 })).toBe(
      "⏳ Acknowledgement by <@U0RITA> expired after 1 h: escalating again",
    );
  });

  it("names the Uptime app when nobody in Slack acknowledged, and the last Still on it", () => {
    expect(renderAckExpired({ afterMinutes: 90, stillOnIt: { by: "U0BOB", at: T0 } })).toBe(
      "⏳ Acknowledgement in the Uptime app expired after 1 h 30 min (last Still on it by <@U0BOB>): escalating again",
    );
  });

  it("writes a period as it was typed", () => {
    expect([1, 45, 60, 90, 1440].map(periodText)).toEqual(["1 min", "45 min", "1 h", "1 h 30 min", "24 h"]);
  });
});

describe("the acknowledgement timeout's schedule", () => {
  it("fires once for its due time, with the last Still on it, to its subscription", () => {
    const firing = ackTimeoutSchedule.fire(
      {
        kind: "ack-timeout",
        subscriptionId: "sub1",
        incidentId: "42",
        afterMinutes: 60,
        stillOnIt: { by: "U0BOB", at: T0 },
      },
      { dueAt: T0 + 3_600_000, now: T0 + 3_600_500 },
    );
    expect(firing.nextDueAt).toBe(0);
    expect(firing.period).toBe(String(T0 + 3_600_000));
    expect(firing.target).toBe("ack-timeout:sub1");
    const event = ackTimeoutEventSchema.parse(JSON.parse(firing.event));
    expect(event).toEqual({
      type: "ack-timeout",
      subscriptionId: "sub1",
      incidentId: "42",
      afterMinutes: 60,
      period: String(T0 + 3_600_000),
      stillOnIt: { by: "U0BOB", at: T0 },
    });
  });
});

describe("an escalation step run again", () => {
  const base = {
    incident: incident("42", T0, { acknowledged: new Date(T0 + 60_000).toISOString() }),
    monitor: { id: "m42", name: "Web shop", target: "https://shop.example", group: null },
    apiTeamId: "1",
    mention: null,
    afterMinutes: 5,
    step: { index: 0, count: 2 },
    now: T0 + 2 * 3_600_000,
  };

  it("says the acknowledgement expired, with no Acknowledge (it is acknowledged)", () => {
    const rendered = renderEscalationReply({ ...base, again: true });
    expect(rendered.text).toMatch(/^⏰ Web shop is still down and its acknowledgement expired \(/);
    expect(textOf(rendered)).toContain("and its acknowledgement expired (reminder 1 of 2).");
    expect(JSON.stringify(rendered.blocks)).not.toContain('"actions"');
  });

  it("is unchanged on the first run", () => {
    expect(renderEscalationReply(base).text).toContain("nobody acknowledged it");
  });
});
