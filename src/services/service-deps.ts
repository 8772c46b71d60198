import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import type { LinkStore } from "../store/link-store";
import type { PendingActionStore } from "../store/pending-action-store";
import type { WorkspaceRef } from "../store/workspace";
import type { WorkspaceCleanup } from "../store/workspace-cleanup";
import type { UptimeClient } from "../uptime";
import type { AlertServiceDeps } from "./subscription-ports";

/** What the use cases are built from; composed once in src/main.ts (or a test's stack). */
export interface ServiceDeps {
  uptime: UptimeClient;
  links: LinkStore;
  pendingActions: PendingActionStore;
  cleanup: WorkspaceCleanup;
  clock: Clock;
  logger: Logger;
  /**
   * Called after an incident was acknowledged from a channel message (an alert), so the alerts module can
   * redraw that message ("Acknowledged by @user"). Optional: without it only the clicking user is told.
   */
  onIncidentAcknowledged?: (info: IncidentAcknowledgedInfo) => Promise<void>;
  /**
   * Subscriptions, mutes and the poll-target port (src/services/subscription-ports.ts). Optional so that
   * tests of other areas can build ServiceDeps without them; the subscription use cases require it.
   */
  alerts?: AlertServiceDeps;
}

/** What onIncidentAcknowledged receives: the alert message that was clicked and who acknowledged. */
export interface IncidentAcknowledgedInfo {
  workspace: WorkspaceRef;
  channelId: string;
  messageTs: string;
  incidentId: string;
  /** The API team of the incident. */
  apiTeamId: string;
  ackedBy: { slackUserId: string; apiUserName: string };
}
