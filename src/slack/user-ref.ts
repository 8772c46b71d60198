import type { Context } from "@slack/bolt";
import type { UserRef, WorkspaceRef } from "../domain/workspace-ref";

/** The workspace (or org, for an org-wide install) of a request, as the stores key it. */
export function workspaceRefFrom(context: Context): WorkspaceRef {
  return {
    enterpriseId: context.enterpriseId,
    teamId: context.teamId,
    isEnterpriseInstall: context.isEnterpriseInstall,
  };
}

/** The Slack identity of the caller, as the stores key it (Bolt's context carries the workspace). */
export function userRefFrom(context: Context, userId: string): UserRef {
  return { ...workspaceRefFrom(context), userId };
}
