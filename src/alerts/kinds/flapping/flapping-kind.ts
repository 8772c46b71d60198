import type { AlertKind } from "../../engine/alert-kind";
import { renderFlapNote } from "./render-flap-note";

/** Later outages of a flapping monitor reply in the first one's thread; rides on the incident's events. */
export const flappingKind: AlertKind = {
  name: "flapping",
  types: [],
  codec: null,
  gate: "outage",
  plan: null,
  renderers: { renderFlapNote },
};
