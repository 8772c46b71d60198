import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import type { LinkStore } from "../store/link-store";
import type { PendingActionStore } from "../store/pending-action-store";
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
}
