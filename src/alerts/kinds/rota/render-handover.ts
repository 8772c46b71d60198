import { slackDate } from "../../../lib/format-time";
import { mrkdwn } from "../../../ui/text";
import type { RenderedAlert } from "../../engine/alert-parts";

export interface HandoverInput {
  /** The person on call from now. */
  user: string;
  until: number;
  next: string;
  overridden: boolean;
  channelId: string;
  group?: { id: string; handle: string } | undefined;
}

const when = (ms: number) => slackDate(ms, "{date_short_pretty} {time}");

/** The channel's one short note at a handover: who is on call now, until when, who is next. */
export function renderHandoverNote(input: HandoverInput): RenderedAlert {
  const cover = input.overridden ? " (override)" : "";
  const group = input.group ? ` · <!subteam^${input.group.id}|@${input.group.handle}> follows` : "";
  const line = `🔁 On call now: <@${input.user}>${cover} until ${when(input.until)} · next: <@${input.next}>${group}`;
  return { text: line, blocks: [{ type: "section", text: mrkdwn(line) }] };
}

/** The DM to the incoming person: from now, for which channel, until when. */
export function renderHandoverDm(input: HandoverInput): string {
  const cover = input.overridden ? " (an override)" : "";
  return `🔁 You are on call for <#${input.channelId}> from now until ${when(input.until)}${cover}. Next: <@${input.next}>. Alerts that ping \`oncall\` there ping you.`;
}
