import type { MaintenanceWindow } from "../../store/maintenance-store";
import type { ScheduleStore } from "../../store/schedule-store";
import { type MaintenanceSpec, maintenanceScheduleId } from "../kinds/maintenance/maintenance-event";

/** A quiet window's notes on the schedule store (issue 37): one schedule per window, start then end. */
export interface MaintenanceSchedules {
  /** Due at the window's start; its start and end notes fire once each, across replicas and restarts. */
  schedule(window: MaintenanceWindow): Promise<void>;
  /** Ended early: due now for its end (the start, if it fired, is not fired again). */
  endNow(window: MaintenanceWindow, now: number): Promise<void>;
  /** Cancelled before it started: no note at all. */
  cancel(window: MaintenanceWindow): Promise<void>;
}

export function maintenanceSchedules(store: Pick<ScheduleStore, "upsert" | "remove">): MaintenanceSchedules {
  const specOf = (window: MaintenanceWindow, endAt: number): string => {
    const spec: MaintenanceSpec = {
      kind: "maintenance",
      subscriptionId: window.subscriptionId,
      windowId: window.id,
      startAt: window.startAt,
      endAt,
    };
    return JSON.stringify(spec);
  };
  return {
    async schedule(window) {
      await store.upsert(
        maintenanceScheduleId(window.subscriptionId, window.id),
        specOf(window, window.endAt),
        window.startAt,
      );
    },
    async endNow(window, now) {
      // upsert keeps the period the schedule last fired for: a start that fired is not fired again.
      await store.upsert(maintenanceScheduleId(window.subscriptionId, window.id), specOf(window, now), now);
    },
    async cancel(window) {
      await store.remove(maintenanceScheduleId(window.subscriptionId, window.id));
    },
  };
}
