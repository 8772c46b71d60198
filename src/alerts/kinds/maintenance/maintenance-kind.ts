import type { AlertKind } from "../../engine/alert-kind";
import { MaintenanceDelivery } from "./maintenance-delivery";
import { type MaintenanceEvent, maintenanceEventSchema } from "./maintenance-event";
import { maintenanceSchedule } from "./maintenance-schedules";
import { renderMaintenanceNote } from "./render-maintenance-note";

/** The held-back outages are outage alerts, so the kind passes the outage row of the gate. */
export const maintenanceKind: AlertKind<MaintenanceEvent> = {
  name: "maintenance",
  types: ["maintenance"],
  codec: { schema: maintenanceEventSchema, label: "maintenance event" },
  gate: "outage",
  plan(engine) {
    const { windows } = engine;
    const maintenance = windows ? new MaintenanceDelivery({ ...engine, windows }) : null;
    return {
      inChannel: true,
      failure: "maintenance note failed; it is retried",
      counted: true,
      accepts: () => maintenance !== null,
      deliver: (ctx, event) => maintenance!.deliver(ctx, event),
    };
  },
  renderers: { renderMaintenanceNote },
  schedules: [maintenanceSchedule],
};
