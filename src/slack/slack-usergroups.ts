import type { WebClient } from "@slack/web-api";
import { slackCall as call } from "./slack-call";

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
