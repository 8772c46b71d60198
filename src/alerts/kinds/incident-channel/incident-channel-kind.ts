import type { AlertKind } from "../../engine/alert-kind";
import {
  renderIncidentChannelEntry,
  renderIncidentChannelIntro,
  renderIncidentChannelLink,
  renderIncidentChannelSummary,
} from "./render-incident-channel";

/**
 * The channel people open to work an incident: it follows what reaches the alert's thread (the engine's
 * `follow`), so it reads nothing of its own from the outbox; nothing holds it (its gate row).
 */
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
