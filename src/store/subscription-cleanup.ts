import type { WorkspaceRef } from "../domain/workspace-ref";
import type { Subscription, SubscriptionStore } from "./subscription-store";
import type { CleanupParticipant } from "./workspace-cleanup";

/**
 * The "subscriptions" participant of WorkspaceCleanup: an uninstalled workspace or a revoked bot token
 * leaves no subscription behind, and each target left without one is removed from the poll-target store.
 */
export function subscriptionCleanupParticipant(deps: {
  subscriptions: Pick<SubscriptionStore, "deleteWorkspace">;
  scheduler?: { remove(target: string, subscriber: string): Promise<number> };
  /** What else goes with each deleted subscription (its digest schedule). */
  forget?: (subscription: Subscription) => Promise<void>;
}): CleanupParticipant {
  const drop = async (ws: WorkspaceRef) => {
    const { deleted } = await deps.subscriptions.deleteWorkspace(ws);
    for (const sub of deleted) {
      await deps.scheduler?.remove(sub.target, sub.id);
      await deps.forget?.(sub);
    }
  };
  return { name: "subscriptions", workspaceUninstalled: drop, botTokensRevoked: drop };
}
