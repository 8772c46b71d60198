import { optionOf } from "../../../domain/subscription-options";
import type { Subscription } from "../../../store/subscription-store";
import type { ScheduleKind } from "../../engine/schedules/schedule-kind";
import type { ScheduleStore } from "../../engine/schedules/schedule-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import { remindOption } from "./remind-option";
import {
  type ReminderEvent,
  type ReminderSpec,
  reminderScheduleId,
  reminderSpecSchema,
} from "./reminder-event";

/**
 * Fires once per period across replicas (the period is the due time it fired for), then is due a whole
 * period after now: a worker that was late, or a test that moved the clock, never brings a burst.
 */
export const reminderSchedule: ScheduleKind<ReminderSpec> = {
  kind: "reminder",
  spec: reminderSpecSchema,
  fire(spec, { dueAt, now }) {
    const event: ReminderEvent = {
      type: "reminder",
      subscriptionId: spec.subscriptionId,
      incidentId: spec.incidentId,
      period: String(Math.round(dueAt)),
      ...(spec.stillOnIt ? { stillOnIt: spec.stillOnIt } : {}),
    };
    return {
      period: event.period,
      nextDueAt: now + spec.everyMinutes * 60_000,
      target: scheduleTarget("reminder", spec.subscriptionId),
      event: JSON.stringify(event),
      note: { incidentId: spec.incidentId },
    };
  },
};

type Store = Pick<ScheduleStore, "book" | "bookOnce" | "cancel" | "inspect">;

/** Booked with the root (bookOnce: a redelivery neither moves it nor restarts it), cancelled on recovery. */
export function bookReminders(
  store: Pick<Store, "bookOnce">,
  sub: Subscription,
  incidentId: string,
  from: number,
): Promise<void> {
  const everyMinutes = optionOf(sub, remindOption);
  if (everyMinutes === undefined) return Promise.resolve();
  const spec: ReminderSpec = { kind: "reminder", subscriptionId: sub.id, incidentId, everyMinutes };
  return store.bookOnce(reminderScheduleId(sub.id, incidentId), spec, from + everyMinutes * 60_000);
}

export function cancelReminders(store: Pick<Store, "cancel">, subscriptionId: string, incidentId: string) {
  return store.cancel(reminderScheduleId(subscriptionId, incidentId));
}

/**
 * Still on it: who, and the next reminder a whole period from now. False when the incident has no
 * reminders any more (recovered, or the subscription dropped `--remind`): nothing is booked again.
 */
export async function stillOnIt(
  store: Pick<Store, "book" | "inspect">,
  input: { subscriptionId: string; incidentId: string; by: string; now: number },
): Promise<boolean> {
  const id = reminderScheduleId(input.subscriptionId, input.incidentId);
  const found = await store.inspect(id);
  if (found.dueAt === null || !found.spec) return false;
  const parsed = reminderSpecSchema.safeParse(JSON.parse(found.spec));
  if (!parsed.success) return false;
  const spec: ReminderSpec = { ...parsed.data, stillOnIt: { by: input.by, at: input.now } };
  await store.book(id, spec, input.now + spec.everyMinutes * 60_000);
  return true;
}
