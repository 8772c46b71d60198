import type { AlertKind } from "../../engine/alert-kind";
import {
  renderIncidentChannelEntry,
  renderIncidentChannelIntro,
  renderIncidentChannelLink,
  renderIncidentChannelSummary,
} from "./render-incident-channel";

/** Follows the alert's thread (the engine's `follow`), so reads nothing of its own; nothing holds it. */
export const incidentChannelKind: AlertKind = {
  name: "incident-channel",
  types: [],
  codec: null,
  gate: "incident-channel",
  plan: null,
  renderers: {
    renderIncidentChannelIntro,
    renderIncidentChannelLink,
    renderIncidentChannelEntry,
    renderIncidentChannelSummary,
  },
};
