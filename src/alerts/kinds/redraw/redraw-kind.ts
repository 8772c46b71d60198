import type { AlertKind } from "../../engine/alert-kind";
import { type RedrawEvent, redrawEventSchema } from "./redraw-event";

/** Draws with the incident's renderers: none of its own. */
export const redrawKind: AlertKind<RedrawEvent> = {
  name: "redraw",
  types: ["redraw"],
  codec: { schema: redrawEventSchema, label: "redraw event" },
  gate: null,
  plan: (engine) => ({
    inChannel: true,
    failure: "redraw of an alert failed; it is retried",
    counted: true,
    accepts: () => true,
    deliver: (ctx, event) =>
      event.ackedBy
        ? engine.redraw.acknowledgedIn(ctx, event.incidentId, event.ackedBy)
        : engine.redraw.redrawIn(ctx, event.incidentId),
  }),
  renderers: {},
};
