// Slack refuses names over 80 characters or outside lowercase, digits, - and _ (conversations.create).
export const CHANNEL_NAME_MAX = 80;

const PREFIX = "inc";

/** The day in UTC so every replica names it alike; the monitor part shortens to stay within 80. */
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
