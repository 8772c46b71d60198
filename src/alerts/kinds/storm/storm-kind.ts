import type { AlertKind } from "../../engine/alert-kind";
import { renderStormRollup } from "./render-storm-rollup";

/**
 * A storm's roll-up: once a team's outages open faster than its rule allows in a channel, they become lines
 * of one message. It rides on the incident's events (kinds/incident), so it reads nothing of its own.
 */
export const stormKind: AlertKind = {
  name: "storm",
  types: [],
  codec: null,
  gate: "outage",
  plan: null,
  renderers: { renderStormRollup },
};
