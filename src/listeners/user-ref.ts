import type { Context } from "@slack/bolt";
import type { UserRef } from "../store/workspace";

/** The Slack identity of the caller, as the stores key it (Bolt's context carries the workspace). */
export function userRefFrom(context: Context, userId: string): UserRef {
  return {
    enterpriseId: context.enterpriseId,
    teamId: context.teamId,
    isEnterpriseInstall: context.isEnterpriseInstall,
    userId,
  };
}
