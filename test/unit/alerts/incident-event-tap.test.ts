import { describe, expect, it, vi } from "vitest";
import { tapIncidentEvents } from "../../../src/alerts/engine/incident-event-tap";
import type { OutboxDelivery } from "../../../src/alerts/engine/outbox-entry-handler";
import type { DeliverableEvent } from "../../../src/alerts/kinds/registry";
import { fixedClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import type { Subscription } from "../../../src/store/subscription-store";

const sub = (id: string) => ({ id }) as unknown as Subscription;
const event = (type: string, incidentId = "42") => ({ type, incidentId }) as unknown as DeliverableEvent;

function inner(outcome: "posted" | "retry" = "posted"): OutboxDelivery {
  return {
    subscriptionsOf: async () => ({ subscriptions: [], unreadable: [] }),
    deliverTo: vi.fn(async () => outcome),
  };
}

describe("tapIncidentEvents", () => {
  it("tells each incident event once per outbox entry, after its channels have it", async () => {
    const told = vi.fn(async () => {});
    const tapped = tapIncidentEvents(inner(), told, { clock: fixedClock(0), logger: silentLogger });
    await tapped.deliverTo(sub("a"), "1-0", event("acknowledged"));
    await tapped.deliverTo(sub("b"), "1-0", event("acknowledged"));
    await tapped.deliverTo(sub("a"), "2-0", event("resolved"));
    expect(told.mock.calls).toEqual([
      [{ type: "acknowledged", incidentId: "42" }],
      [{ type: "resolved", incidentId: "42" }],
    ]);
  });

  it("says nothing of a delivery to be retried, nor of digests and escalations", async () => {
    const told = vi.fn(async () => {});
    const retried = tapIncidentEvents(inner("retry"), told, { clock: fixedClock(0), logger: silentLogger });
    expect(await retried.deliverTo(sub("a"), "1-0", event("opened"))).toBe("retry");
    const fine = tapIncidentEvents(inner(), told, { clock: fixedClock(0), logger: silentLogger });
    await fine.deliverTo(sub("a"), "3-0", event("digest"));
    await fine.deliverTo(sub("a"), "4-0", event("escalation"));
    expect(told).not.toHaveBeenCalled();
  });

  it("a failing listener costs the delivery nothing", async () => {
    const told = vi.fn(async () => {
      throw new Error("Slack is down");
    });
    const tapped = tapIncidentEvents(inner(), told, { clock: fixedClock(0), logger: silentLogger });
    expect(await tapped.deliverTo(sub("a"), "1-0", event("opened"))).toBe("posted");
    expect(told).toHaveBeenCalledTimes(1);
  });
});
