import type { KnownBlock } from "@slack/types";
import type { QuietScope } from "../domain/quiet-windows";
import { slackDate } from "../lib/format-time";
import { quietScopeText } from "./quiet-scope-text";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn, truncate } from "./text";

/** A window as the command's answers show it (store/maintenance-store.ts MaintenanceWindow). */
export interface MaintenanceWindowView {
  id: string;
  scope: QuietScope;
  startAt: number;
  endAt: number;
  by: string;
  reason: string | null;
  /** The window's API team (absent in windows stored before it was kept). */
  teamName?: string | undefined;
}

const section = (text: string): Rendered => ({ text, blocks: [{ type: "section", text: mrkdwn(text) }] });
const when = (ms: number) => slackDate(ms, "{date_short_pretty} {time}");
const why = (reason: string | null) => (reason ? `: _${escapeMrkdwn(truncate(reason, 200))}_` : "");

/** The planner's answer: what, from when to when, and how to end it. Ephemeral. */
export function renderMaintenancePlanned(window: MaintenanceWindowView, now: number): Rendered {
  const from = window.startAt <= now ? "from now" : `from ${when(window.startAt)}`;
  return section(
    `🔧 Maintenance \`${window.id}\` planned: no outage alerts here for ${quietScopeText(window.scope, window.teamName)} ${from} until ${when(window.endAt)}. ` +
      `The channel gets a short note when it starts and when it ends; an outage still going on at the end is alerted then. ` +
      `\`/uptime maintenance end ${window.id}\` ends it early.`,
  );
}

/** `/uptime maintenance`: the channel's windows planned or going on, soonest first. Ephemeral. */
export function renderMaintenanceList(windows: readonly MaintenanceWindowView[], now: number): Rendered {
  if (windows.length === 0) {
    return section(
      "No maintenance window is planned or going on in this channel. `/uptime maintenance <monitor | group:<name> | all> <duration>` plans one.",
    );
  }
  const lines = windows.map((w) => {
    const state = w.startAt <= now ? "going on" : "planned";
    return `🔧 \`${w.id}\` ${quietScopeText(w.scope, w.teamName)}, ${when(w.startAt)} to ${when(w.endAt)} (${state}), by <@${w.by}>${why(w.reason)}`;
  });
  const head = `${windows.length} maintenance window${windows.length === 1 ? "" : "s"} in this channel:`;
  // Slack takes 50 blocks a message; a channel with more windows than that is listed up to there.
  const blocks: KnownBlock[] = [head, ...lines]
    .slice(0, 50)
    .map((l) => ({ type: "section", text: mrkdwn(l) }));
  return { text: `${head}\n${lines.join("\n")}`, blocks };
}

/** `/uptime maintenance end <id>`: ended now, or cancelled before it started. Ephemeral. */
export function renderMaintenanceEnded(kind: "ended" | "cancelled", window: MaintenanceWindowView): Rendered {
  return section(
    kind === "ended"
      ? `🔧 Maintenance \`${window.id}\` ends now: the channel is told, and an outage of ${quietScopeText(window.scope, window.teamName)} still going on is alerted.`
      : `🔧 Maintenance \`${window.id}\` is cancelled: it had not started, so the channel hears nothing of it.`,
  );
}
