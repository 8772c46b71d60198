import type { WebClient } from "@slack/web-api";
import { slackCall as call } from "./slack-call";
import { SlackApiError } from "./slack-errors";

/**
 * A user group's id from its handle (usergroups.list, scope usergroups:read): a group typed as plain
 * `@uptime-oncall` arrives without the id Slack's autocomplete would have escaped. Null when none has it.
 */
export async function findUsergroupId(client: WebClient, handle: string): Promise<string | null> {
  const result = await call(() => client.usergroups.list({}));
  const wanted = handle.toLowerCase();
  const found = result.usergroups?.find((g) => g.handle?.toLowerCase() === wanted);
  return found?.id ?? null;
}

/** The group's members become exactly `users` (usergroups.users.update, scope usergroups:write). */
export async function setUsergroupMembers(
  client: WebClient,
  usergroup: string,
  users: readonly string[],
): Promise<void> {
  await call(() => client.usergroups.users.update({ usergroup, users: users.join(",") }));
}

/** Why Slack refused a user group change, as the answer names it; null for an error that is no refusal. */
export type UsergroupRefusal = "no-scope" | "not-found" | "paid-only" | "other";

// https://docs.slack.dev/reference/methods/usergroups.users.update, "Errors": a free workspace has no user
// groups (paid_teams_only), an app without the scope gets missing_scope, an unknown group no_such_subteam.
const REFUSALS: Readonly<Record<string, UsergroupRefusal>> = {
  missing_scope: "no-scope",
  not_allowed_token_type: "no-scope",
  paid_teams_only: "paid-only",
  plan_upgrade_required: "paid-only",
  no_such_subteam: "not-found",
  subteam_not_found: "not-found",
};

export function usergroupRefusal(error: unknown): { reason: UsergroupRefusal; code: string } | null {
  if (!(error instanceof SlackApiError)) return null;
  return { reason: REFUSALS[error.code] ?? "other", code: error.code };
}
