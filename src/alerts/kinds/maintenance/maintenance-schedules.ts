import type { MaintenanceWindow } from "../../../store/maintenance-store";
import type { ScheduleKind } from "../../engine/schedules/schedule-kind";
import type { ScheduleStore } from "../../engine/schedules/schedule-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import {
  type MaintenanceEvent,
  type MaintenanceSpec,
  maintenancePhase,
  maintenanceScheduleId,
  maintenanceSpecSchema,
} from "../../kinds/maintenance/maintenance-event";

export interface MaintenanceSchedules {
  /** Due at the window's start; its start and end notes fire once each, across replicas and restarts. */
  schedule(window: MaintenanceWindow): Promise<void>;
  /** Ended early: due now for its end (the start, if it fired, is not fired again). */
  endNow(window: MaintenanceWindow, now: number): Promise<void>;
  cancel(window: MaintenanceWindow): Promise<void>;
}

export function maintenanceSchedules(store: Pick<ScheduleStore, "book" | "cancel">): MaintenanceSchedules {
  const specOf = (window: MaintenanceWindow, endAt: number): MaintenanceSpec => ({
    kind: "maintenance",
    subscriptionId: window.subscriptionId,
    windowId: window.id,
    startAt: window.startAt,
    endAt,
  });
  return {
    async schedule(window) {
      await store.book(
        maintenanceScheduleId(window.subscriptionId, window.id),
        specOf(window, window.endAt),
        window.startAt,
      );
    },
    async endNow(window, now) {
      // book keeps the period the schedule last fired for: a start that fired is not fired again.
      await store.book(maintenanceScheduleId(window.subscriptionId, window.id), specOf(window, now), now);
    },
    async cancel(window) {
      await store.cancel(maintenanceScheduleId(window.subscriptionId, window.id));
    },
  };
}

/** Two periods, start then end: each fires once whichever replica gets there first. */
export const maintenanceSchedule: ScheduleKind<MaintenanceSpec> = {
  kind: "maintenance",
  spec: maintenanceSpecSchema,
  fire(spec, { dueAt }) {
    const phase = maintenancePhase(spec, dueAt);
    const event: MaintenanceEvent = {
      type: "maintenance",
      subscriptionId: spec.subscriptionId,
      windowId: spec.windowId,
      phase,
    };
    return {
      period: phase,
      nextDueAt: phase === "start" ? spec.endAt : 0,
      target: scheduleTarget("maintenance", spec.subscriptionId),
      event: JSON.stringify(event),
      note: { phase },
    };
  },
};
