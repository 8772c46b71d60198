import type { AlertKind } from "../../engine/alert-kind";
import { renderStormRollup } from "./render-storm-rollup";

/** Rides on the incident's events: reads nothing of its own. */
export const stormKind: AlertKind = {
  name: "storm",
  types: [],
  codec: null,
  gate: "outage",
  plan: null,
  renderers: { renderStormRollup },
};
