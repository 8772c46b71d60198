import type { WorkspaceRef } from "../domain/workspace-ref";
import type { RevokedTokens } from "../store/workspace-cleanup";
import type { ServiceDeps } from "./service-deps";

/** app_uninstalled: everything of the workspace goes (docs/architecture.md section 7). */
export function workspaceUninstalled(deps: ServiceDeps, ws: WorkspaceRef) {
  return deps.cleanup.appUninstalled(ws);
}

/** tokens_revoked: the named users' data (oauth) or the installation (bot) goes. */
export function tokensRevoked(deps: ServiceDeps, ws: WorkspaceRef, tokens: RevokedTokens) {
  return deps.cleanup.tokensRevoked(ws, tokens);
}

/** `user_change` with `deleted: true`: offboarding (docs/slack-app.md "When someone leaves"). */
export function usersDeactivated(deps: ServiceDeps, ws: WorkspaceRef, userIds: readonly string[]) {
  return deps.cleanup.usersDeactivated(ws, userIds);
}
