import { escapeMrkdwn } from "../../../ui/text";
import type { LastStillOnIt } from "./ack-timeout-event";

export interface AckExpiredInput {
  /** Who acknowledged it in Slack; absent: in the Uptime app. */
  ackedBy?: string | undefined;
  afterMinutes: number;
  stillOnIt?: LastStillOnIt | undefined;
}

/** "1 h", "45 min", "1 h 30 min": a timeout as it was typed. */
export function periodText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The root's line once an acknowledgement expired: whose, after how long, and the last Still on it. */
export function renderAckExpired(input: AckExpiredInput): string {
  const by = input.ackedBy ? `by <@${escapeMrkdwn(input.ackedBy)}>` : "in the Uptime app";
  const last = input.stillOnIt ? ` (last Still on it by <@${escapeMrkdwn(input.stillOnIt.by)}>)` : "";
  return `⏳ Acknowledgement ${by} expired after ${periodText(input.afterMinutes)}${last}: escalating again`;
}
