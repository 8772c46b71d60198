import type { BlockAction } from "@slack/bolt";

/**
 * A decoded value that names a channel, if the element was clicked in that channel: a message copied
 * elsewhere must not mute, unmute or acknowledge in another channel (Mute, Unmute, the roll-up's buttons).
 */
export function valueOfThisChannel<T extends { channelId: string }>(
  body: Pick<BlockAction, "channel" | "container">,
  value: T | null,
): T | null {
  const channelId = body.channel?.id ?? (body.container.channel_id as string | undefined);
  return value && (channelId === undefined || channelId === value.channelId) ? value : null;
}
