/**
 * Slack's channel names: "Channel names may only contain lowercase letters, numbers, hyphens, and
 * underscores, and must be 80 characters or less" (https://docs.slack.dev/reference/methods/conversations.create,
 * "Naming"); an upper-case or other character is refused as `invalid_name_specials`.
 */
export const CHANNEL_NAME_MAX = 80;

const PREFIX = "inc";

/**
 * The incident channel's name, `inc-<yyyymmdd>-<monitor>`: the day the incident started (UTC, so
 * that every replica names it alike) and the monitor's name in Slack's alphabet. Accents lose their marks,
 * any other run of characters becomes one hyphen; a name with nothing left is `monitor-<id>`. `attempt` 2, 3,
 * ... adds `-2`, `-3` for a name already taken; the monitor part is shortened so that the whole stays
 * within 80 characters.
 */
export function incidentChannelName(input: {
  startedMs: number;
  monitorName: string | null;
  monitorId: string;
  attempt?: number;
}): string {
  const day = Number.isFinite(input.startedMs) ? new Date(input.startedMs) : new Date(0);
  const date = day.toISOString().slice(0, 10).replace(/-/g, "");
  const suffix = input.attempt && input.attempt > 1 ? `-${input.attempt}` : "";
  const subject = slug(input.monitorName ?? "") || slug(`monitor-${input.monitorId}`) || "monitor";
  const room = CHANNEL_NAME_MAX - `${PREFIX}-${date}-`.length - suffix.length;
  const cut = subject.slice(0, room).replace(/[-_]+$/, "");
  return `${PREFIX}-${date}-${cut || "monitor"}${suffix}`;
}

/** Lower case, marks dropped, every other run of disallowed characters one hyphen, none at either end. */
export function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "");
}
