import type { WebClient } from "@slack/web-api";

/**
 * The id of the DM between the app and a user: conversations.open with the user (im:write) returns the
 * existing one, or opens it. It is how the app tells its own DM from a DM between people, since both have
 * D… ids (https://docs.slack.dev/reference/methods/conversations.open).
 */
export async function appDmOf(client: WebClient, userId: string): Promise<string> {
  const opened = await client.conversations.open({ users: userId });
  const id = opened.channel?.id;
  if (!id) throw new Error("conversations.open returned no channel");
  return id;
}
