import type { AlertKind } from "../../engine/alert-kind";
import { type RedrawEvent, redrawEventSchema } from "./redraw-event";

/**
 * An acknowledge made in Slack, drawn in one more channel's message of the incident by the engine's redraw
 * (the one a click uses for its own channel). It draws with the incident's renderers: none of its own.
 */
export const redrawKind: AlertKind<RedrawEvent> = {
  name: "redraw",
  types: ["redraw"],
  codec: { schema: redrawEventSchema, label: "redraw event" },
  gate: null,
  plan: (engine) => ({
    inChannel: true,
    failure: "redraw after acknowledge failed; it is retried",
    counted: true,
    accepts: () => true,
    deliver: (ctx, event) => engine.redraw.acknowledgedIn(ctx, event.incidentId, event.ackedBy),
  }),
  renderers: {},
};
