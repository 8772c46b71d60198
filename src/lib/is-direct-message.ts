/** A direct message (Slack's ids of DMs start with D): the app's own DM, or one between people. */
export function isDirectMessage(channelId: string | undefined): boolean {
  return channelId?.startsWith("D") ?? false;
}
