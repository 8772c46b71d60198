import type { Alerts } from "../alerts";
import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import type { ApiBudgetStore } from "../store/api-budget-store";
import type { FairShareStore } from "../store/fair-share-store";
import type { LinkStore } from "../store/link-store";
import type { MembershipCache } from "../store/membership-cache";
import type { PendingActionStore } from "../store/pending-action-store";
import type { StepConfirmationStore } from "../store/step-confirmation-store";
import type { UnfurlConsentStore } from "../store/unfurl-consent-store";
import type { UnfurlStore } from "../store/unfurl-store";
import type { WorkspaceCleanup } from "../store/workspace-cleanup";
import type { UptimeClient } from "../uptime";

/** What the use cases are built from; composed once in src/main.ts (or a test's stack). */
export interface ServiceDeps {
  uptime: UptimeClient;
  links: LinkStore;
  pendingActions: PendingActionStore;
  cleanup: WorkspaceCleanup;
  clock: Clock;
  logger: Logger;
  /**
   * The alerts module (src/alerts/index.ts): subscriptions, mutes, poll targets, and the redraw of an alert
   * after an acknowledge. Optional so that tests of other areas can build ServiceDeps without it; the
   * subscription use cases require it.
   */
  alerts?: Alerts;
  /**
   * The callers' recent teams and roles, read from the API for alert changes (services/team-membership.ts).
   * Optional like `alerts`: without it every such change asks the API.
   */
  memberships?: MembershipCache;
  /** The unfurls of open incidents, refreshed when an incident changes; without it none is refreshed. */
  unfurls?: UnfurlStore;
  /**
   * Who agreed to previews of their links where (docs/slack-app.md "Link unfurls"). Optional: without it
   * no link unfurls at all (nobody could have agreed).
   */
  unfurlConsent?: UnfurlConsentStore;
  /**
   * Each person's share of commands and charts (docs/architecture.md section 10). Optional: without it
   * nobody is limited.
   */
  fairShare?: FairShareStore;
  /**
   * The interactive share of each API token's rate limit (A12): every API call of a session spends from
   * it. Optional: without it sessions call the API ungated.
   */
  apiBudget?: ApiBudgetStore;
  /** How long one API call of a command waits for that share (default API_BUDGET_WAIT_MS). */
  apiBudgetWaitMs?: number;
  /** Workflow steps waiting for their runner's Confirm; the changing steps require it. */
  stepConfirmations?: StepConfirmationStore;
}

/** The subscription use cases were called without `alerts` in ServiceDeps: a composition mistake. */
export class AlertsNotConfiguredError extends Error {
  override readonly name = "AlertsNotConfiguredError";
  constructor() {
    super("ServiceDeps.alerts is not configured: subscriptions are unavailable");
  }
}

export function requireAlerts(deps: { alerts?: Alerts | undefined }): Alerts {
  if (!deps.alerts) throw new AlertsNotConfiguredError();
  return deps.alerts;
}
