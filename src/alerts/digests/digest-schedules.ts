import { type Clock, systemClock } from "../../lib/clock";
import type { ScheduleStore } from "../../store/schedule-store";
import type { Subscription } from "../../store/subscription-store";
import { nextOccurrence } from "../kinds/digest/digest-calendar";
import { type DigestSpec, digestScheduleId } from "../kinds/digest/digest-event";

/** A subscription's digest schedule follows the subscription: created, replaced or removed with it. */
export class DigestSchedules {
  private readonly clock: Clock;

  constructor(private readonly d: { store: ScheduleStore; clock?: Clock }) {
    this.clock = d.clock ?? systemClock;
  }

  async schedule(subscription: Subscription): Promise<number | null> {
    const id = digestScheduleId(subscription.id);
    if (!subscription.digest) {
      await this.d.store.remove(id);
      return null;
    }
    const { cadence, timeZone } = subscription.digest;
    const spec: DigestSpec = { kind: "digest", subscriptionId: subscription.id, cadence, timeZone };
    const dueAt = nextOccurrence(cadence, timeZone, this.clock.now());
    await this.d.store.upsert(id, JSON.stringify(spec), dueAt);
    return dueAt;
  }

  async unschedule(subscriptionId: string): Promise<void> {
    await this.d.store.remove(digestScheduleId(subscriptionId));
  }
}
