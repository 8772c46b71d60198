import { optionOf } from "../../../domain/subscription-options";
import type { Subscription } from "../../../store/subscription-store";
import type { ScheduleKind } from "../../engine/schedules/schedule-kind";
import type { ScheduleStore } from "../../engine/schedules/schedule-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import {
  type AckTimeoutEvent,
  type AckTimeoutSpec,
  ackTimeoutScheduleId,
  ackTimeoutSpecSchema,
} from "./ack-timeout-event";
import { ackTimeoutOption } from "./ack-timeout-option";

/**
 * Fires once for the due time it was booked for (its period), then is done: a Still on it that moved it
 * before then books a new due time, hence a new period.
 */
export const ackTimeoutSchedule: ScheduleKind<AckTimeoutSpec> = {
  kind: "ack-timeout",
  spec: ackTimeoutSpecSchema,
  fire(spec, { dueAt }) {
    const event: AckTimeoutEvent = {
      type: "ack-timeout",
      subscriptionId: spec.subscriptionId,
      incidentId: spec.incidentId,
      afterMinutes: spec.afterMinutes,
      period: String(Math.round(dueAt)),
      ...(spec.stillOnIt ? { stillOnIt: spec.stillOnIt } : {}),
    };
    return {
      period: event.period,
      nextDueAt: 0,
      target: scheduleTarget("ack-timeout", spec.subscriptionId),
      event: JSON.stringify(event),
      note: { incidentId: spec.incidentId },
    };
  },
};

type Store = Pick<ScheduleStore, "book" | "bookOnce" | "cancel" | "inspect">;

/** Booked at the acknowledgement (bookOnce: a redelivery neither moves it nor brings back a fired one). */
export function bookAckTimeout(
  store: Pick<Store, "bookOnce">,
  sub: Subscription,
  incidentId: string,
  acknowledgedAt: number,
): Promise<void> {
  const afterMinutes = optionOf(sub, ackTimeoutOption);
  if (afterMinutes === undefined) return Promise.resolve();
  const spec: AckTimeoutSpec = { kind: "ack-timeout", subscriptionId: sub.id, incidentId, afterMinutes };
  const id = ackTimeoutScheduleId(sub.id, incidentId);
  return store.bookOnce(id, spec, acknowledgedAt + afterMinutes * 60_000);
}

export function cancelAckTimeout(store: Pick<Store, "cancel">, subscriptionId: string, incidentId: string) {
  return store.cancel(ackTimeoutScheduleId(subscriptionId, incidentId));
}

/**
 * Still on it: the timeout counts again from now. False when none is pending (never acknowledged, already
 * expired, recovered): nothing is booked.
 */
export async function restartAckTimeout(
  store: Pick<Store, "book" | "inspect">,
  input: { subscriptionId: string; incidentId: string; by: string; now: number },
): Promise<boolean> {
  const id = ackTimeoutScheduleId(input.subscriptionId, input.incidentId);
  const found = await store.inspect(id);
  if (found.dueAt === null || !found.spec) return false;
  const parsed = ackTimeoutSpecSchema.safeParse(JSON.parse(found.spec));
  if (!parsed.success) return false;
  const spec: AckTimeoutSpec = { ...parsed.data, stillOnIt: { by: input.by, at: input.now } };
  await store.book(id, spec, input.now + spec.afterMinutes * 60_000);
  return true;
}
