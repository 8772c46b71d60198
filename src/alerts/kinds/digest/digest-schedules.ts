import { type Clock, systemClock } from "../../../lib/clock";
import { isTimeZone } from "../../../lib/time-zone";
import type { Subscription } from "../../../store/subscription-store";
import type { ScheduleKind } from "../../engine/schedules/schedule-kind";
import type { ScheduleStore } from "../../engine/schedules/schedule-store";
import { digestPeriod, latestOccurrence, nextOccurrence } from "../../kinds/digest/digest-calendar";
import {
  type DigestEvent,
  type DigestSpec,
  digestScheduleId,
  digestSpecSchema,
} from "../../kinds/digest/digest-event";

export class DigestSchedules {
  private readonly clock: Clock;

  constructor(private readonly d: { store: Pick<ScheduleStore, "book" | "cancel">; clock?: Clock }) {
    this.clock = d.clock ?? systemClock;
  }

  async schedule(subscription: Subscription): Promise<number | null> {
    const id = digestScheduleId(subscription.id);
    if (!subscription.digest) {
      await this.d.store.cancel(id);
      return null;
    }
    const { cadence, timeZone } = subscription.digest;
    const spec: DigestSpec = { kind: "digest", subscriptionId: subscription.id, cadence, timeZone };
    const dueAt = nextOccurrence(cadence, timeZone, this.clock.now());
    await this.d.store.book(id, spec, dueAt);
    return dueAt;
  }

  async unschedule(subscriptionId: string): Promise<void> {
    await this.d.store.cancel(digestScheduleId(subscriptionId));
  }
}

/** A missed digest fires once, for the latest period, not once per missed day. */
export const digestSchedule: ScheduleKind<DigestSpec> = {
  kind: "digest",
  spec: digestSpecSchema,
  fire(spec, { now }) {
    if (!isTimeZone(spec.timeZone)) throw new Error(`unknown time zone ${spec.timeZone}`);
    const occurrence = latestOccurrence(spec.cadence, spec.timeZone, now);
    const period = digestPeriod(spec.cadence, spec.timeZone, occurrence);
    const event: DigestEvent = {
      type: "digest",
      subscriptionId: spec.subscriptionId,
      cadence: spec.cadence,
      timeZone: spec.timeZone,
      period,
    };
    return {
      period: period.key,
      nextDueAt: nextOccurrence(spec.cadence, spec.timeZone, now),
      target: digestScheduleId(spec.subscriptionId),
      event: JSON.stringify(event),
      note: { period: period.key },
    };
  },
};
