import { describe, expect, it } from "vitest";
import { renderReminder, roughDuration } from "../../../../../src/alerts/kinds/reminder/render-reminder";
import {
  STILL_ON_IT_ACTION,
  stillOnItCodec,
} from "../../../../../src/alerts/kinds/reminder/still-on-it-button";
import type { IncidentSnapshot } from "../../../../../src/alerts/model";
import { actions } from "../../../../../src/ui/ids";

const STARTED = Date.parse("2026-03-02T02:00:00Z");
const HOUR = 3_600_000;
const incident: IncidentSnapshot = {
  id: "501",
  monitorId: "7",
  started: new Date(STARTED).toISOString(),
  ended: null,
  acknowledged: null,
  maintenance: false,
  reason: "HTTP 503",
};
const monitor = { id: "7", name: "Web shop", target: "https://shop.example.com", group: null };

const buttons = (rendered: ReturnType<typeof renderReminder>) =>
  (rendered.blocks as { elements?: { action_id?: string; value?: string }[] }[]).flatMap(
    (b) => b.elements ?? [],
  );

describe("renderReminder", () => {
  it("says how long it has been down, with Still on it and Acknowledge while nobody acknowledged", () => {
    const rendered = renderReminder({
      incident,
      monitor,
      apiTeamId: "1",
      subscriptionId: "sub-1",
      now: STARTED + 6 * HOUR,
    });
    expect(rendered.text).toBe("⏰ Web shop: Still down after 6 h");
    const ids = buttons(rendered).map((b) => b.action_id);
    expect(ids).toEqual([STILL_ON_IT_ACTION, actions.acknowledge]);
    expect(stillOnItCodec.decode(buttons(rendered)[0]!.value)).toEqual({
      subscriptionId: "sub-1",
      incidentId: "501",
    });
  });

  it("names who acknowledged and when, and drops Acknowledge", () => {
    const rendered = renderReminder({
      incident: { ...incident, acknowledged: new Date(STARTED + HOUR).toISOString() },
      monitor,
      apiTeamId: "1",
      subscriptionId: "sub-1",
      ackedBy: "U0RITA",
      now: STARTED + 6 * HOUR,
    });
    expect(rendered.text).toBe("⏰ Web shop: Still down after 6 h · acknowledged by <@U0RITA> 5 h ago");
    expect(buttons(rendered).map((b) => b.action_id)).toEqual([STILL_ON_IT_ACTION]);
  });

  it("says who is still on it", () => {
    const rendered = renderReminder({
      incident: { ...incident, acknowledged: new Date(STARTED + HOUR).toISOString() },
      monitor,
      apiTeamId: "1",
      subscriptionId: "sub-1",
      ackedBy: "U0RITA",
      stillOnIt: { by: "U0BOB", at: STARTED + 5 * HOUR },
      now: STARTED + 6 * HOUR,
    });
    expect(rendered.text).toContain("· <@U0BOB> still on it 1 h ago");
  });

  it("rounds to the reminder's grain", () => {
    expect(roughDuration(30_000)).toBe("1 min");
    expect(roughDuration(45 * 60_000)).toBe("45 min");
    expect(roughDuration(47 * HOUR)).toBe("47 h");
    expect(roughDuration(72 * HOUR)).toBe("3 d");
  });
});
