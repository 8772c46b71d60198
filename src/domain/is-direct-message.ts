/**
 * A 1:1 DM (Slack's DM ids start with D): the app's own DM, or one between two people. It does not say
 * which: Share in channel hides its button in both (a copy would land next to the answer, or could not be
 * posted at all); whether a DM is the caller's own with the app is told by conversations.open (app-dm.ts).
 */
export function isDirectMessage(channelId: string | undefined): boolean {
  return channelId?.startsWith("D") ?? false;
}

/**
 * A DM or a group DM, as a slash command's payload reports it: `channel_name` is "directmessage" for a DM
 * and "mpdm-…" for a group DM (a group DM's id may start with G or C, like a private channel's), and a DM's
 * id starts with D. Such a conversation is the app's own DM or one between people, which the app is not in.
 */
export function isDirectOrGroupMessage(channel: { id: string; name?: string | undefined }): boolean {
  const name = channel.name ?? "";
  return isDirectMessage(channel.id) || name === "directmessage" || name.startsWith("mpdm");
}
