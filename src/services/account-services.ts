import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";
import type { PendingAction } from "../store/pending-action-store";
import type { RevokedTokens } from "../store/workspace-cleanup";
import { type AcknowledgeInput, acknowledgeIncident } from "./acknowledge-incident";
import { acknowledgeRollup, type RollupInput } from "./acknowledge-rollup";
import { chooseTeam, linkForTeams } from "./choose-team";
import { homeData } from "./home-data";
import { linkAccount, unlinkAccount, whoAmI } from "./link-account";
import { completePendingActions, type DeferredAction, rememberPendingAction } from "./pending-actions";
import type { ServiceDeps } from "./service-deps";

export type { AcknowledgeInput, AcknowledgeOutcome, AcknowledgeSource } from "./acknowledge-incident";
export type { AcknowledgeRollupOutcome, RollupIncident, RollupInput } from "./acknowledge-rollup";
export type { TeamChoice } from "./choose-team";
export type { HomeData } from "./home-data";
export { VERIFY_TOKEN_TIMEOUT_MS } from "./link-account";
export type { DeferredAction, PendingResult } from "./pending-actions";

/** The account use cases (linking, teams, acknowledge, App Home), bound to their dependencies. */
export function accountServices(deps: ServiceDeps) {
  return {
    /** Verifies a pasted token (GET /users/me, ~2 s budget) and links it; InvalidTokenError when refused. */
    linkAccount: (ref: UserRef, token: string) => linkAccount(deps, ref, token),
    unlinkAccount: (ref: UserRef) => unlinkAccount(deps, ref),
    whoAmI: (ref: UserRef) => whoAmI(deps, ref),
    /** The caller's link for `/uptime team` (NotLinkedError / StaleLinkError otherwise). */
    listTeams: (ref: UserRef) => linkForTeams(deps, ref),
    chooseTeam: (ref: UserRef, query: string) => chooseTeam(deps, ref, query),
    acknowledgeIncident: (ref: UserRef, input: AcknowledgeInput) => acknowledgeIncident(deps, ref, input),
    /** Acknowledge all of a storm roll-up. */
    acknowledgeRollup: (ref: UserRef, input: RollupInput) => acknowledgeRollup(deps, ref, input),
    rememberPendingAction: (ref: UserRef, action: PendingAction) => rememberPendingAction(deps, ref, action),
    /** After linking: what the user tried before (remembered, or `carried` in the login modal), done now. */
    completePendingActions: (ref: UserRef, carried?: DeferredAction) =>
      completePendingActions(deps, ref, carried),
    homeData: (ref: UserRef) => homeData(deps, ref),
    /** app_uninstalled: everything of the workspace goes (docs/architecture.md section 7). */
    workspaceUninstalled: (ws: WorkspaceRef) => deps.cleanup.appUninstalled(ws),
    /** tokens_revoked: the named users' data (oauth) or the installation (bot) goes. */
    tokensRevoked: (ws: WorkspaceRef, tokens: RevokedTokens) => deps.cleanup.tokensRevoked(ws, tokens),
    /** `user_change` with `deleted: true`: offboarding (docs/slack-app.md "When someone leaves"). */
    usersDeactivated: (ws: WorkspaceRef, userIds: readonly string[]) =>
      deps.cleanup.usersDeactivated(ws, userIds),
  };
}
