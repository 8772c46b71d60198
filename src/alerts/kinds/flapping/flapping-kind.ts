import type { AlertKind } from "../../engine/alert-kind";
import { renderFlapNote } from "./render-flap-note";

/**
 * A monitor that keeps going down: its later outages are replies in the first one's thread, with a note.
 * It rides on the incident's events (kinds/incident), so it reads nothing of its own.
 */
export const flappingKind: AlertKind = {
  name: "flapping",
  types: [],
  codec: null,
  gate: "outage",
  plan: null,
  renderers: { renderFlapNote },
};
