import { type OnCallNow, onCallAt, type Rota } from "../domain/oncall-rota";
import { slackDate } from "../lib/format-time";
import type { Rendered } from "./reply";
import { escapeMrkdwn, mrkdwn } from "./text";

const section = (text: string): Rendered => ({ text, blocks: [{ type: "section", text: mrkdwn(text) }] });
const when = (ms: number) => slackDate(ms, "{date_short_pretty} {time}");
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const pad = (n: number) => String(n).padStart(2, "0");

/** "every week on Monday at 09:00 (Europe/Amsterdam)". */
export function rotaCadenceText(rota: Pick<Rota, "everyDays" | "at" | "timeZone">): string {
  const every =
    rota.everyDays % 7 === 0
      ? rota.everyDays === 7
        ? "every week"
        : `every ${rota.everyDays / 7} weeks`
      : rota.everyDays === 1
        ? "every day"
        : `every ${rota.everyDays} days`;
  const day = rota.at.weekday === undefined ? "" : ` on ${WEEKDAYS[rota.at.weekday]}`;
  return `${every}${day} at ${pad(rota.at.hour)}:${pad(rota.at.minute)} (${escapeMrkdwn(rota.timeZone)})`;
}

function nowLine(now: OnCallNow): string {
  const cover = now.overridden ? " (override)" : "";
  return `On call now: <@${now.user}>${cover} until ${when(now.until)}; next: <@${now.next}>.`;
}

/** `/uptime oncall`: who is on call, until when, who is next, and the rota. Ephemeral. */
export function renderOncall(rota: Rota | null, now: number): Rendered {
  if (!rota)
    return section(
      'This channel has no on-call rota. `/uptime oncall set @ana @ben --every 1w --at "Mon 09:00"` sets one; then `--mention oncall` pings whoever is on call.',
    );
  const people = rota.people.map((p) => `<@${p}>`).join(" → ");
  const group = rota.group
    ? ` <!subteam^${rota.group.id}|@${escapeMrkdwn(rota.group.handle)}> follows it.`
    : "";
  return section(
    `🔁 ${nowLine(onCallAt(rota, now))}\nRota: ${people}, handing over ${rotaCadenceText(rota)}.${group}`,
  );
}

/** `/uptime oncall set`: the rota as set, who is on call from now. Ephemeral. */
export function renderOncallSet(rota: Rota, now: number): Rendered {
  return section(
    `🔁 Rota set for this channel: ${rota.people.map((p) => `<@${p}>`).join(" → ")}, handing over ${rotaCadenceText(rota)}. ` +
      `${nowLine(onCallAt(rota, now))} At each handover the channel gets a short note and the person on call a DM; ` +
      "`oncall` in `--mention` and `--escalate` pings whoever is on call when the alert is posted.",
  );
}

/** `/uptime oncall override`: who covers until when. Ephemeral. */
export function renderOncallOverride(rota: Rota, now: number): Rendered {
  return section(`🔁 Override set. ${nowLine(onCallAt(rota, now))} The rota resumes after it.`);
}

export function renderOncallOff(hadRota: boolean): Rendered {
  return section(
    hadRota
      ? "🔁 This channel's on-call rota is off: no more handovers, and `oncall` in its alerts pings nobody."
      : "This channel has no on-call rota to turn off.",
  );
}

export function renderOncallNotSubscribed(): Rendered {
  return section(
    "This channel gets no alerts, so an on-call rota would have nobody to page. Subscribe it first with `/uptime subscribe`.",
  );
}

/** `--group` refused by Slack: why, and that nothing changed. */
export function renderOncallGroupRefused(
  reason: "no-scope" | "not-found" | "paid-only" | "other",
  handle: string,
  code?: string,
): Rendered {
  const group = `\`@${escapeMrkdwn(handle)}\``;
  const why =
    reason === "no-scope"
      ? `this app may not change user groups here: it lacks the \`usergroups:write\` scope (and \`usergroups:read\` to find a group by name). A workspace admin can reinstall the app with them`
      : reason === "not-found"
        ? `Slack knows no user group ${group}; pick it with the autocomplete (type @ and choose it)`
        : reason === "paid-only"
          ? "user groups need a paid Slack plan"
          : `Slack refused to change ${group} (\`${escapeMrkdwn(code ?? "error")}\`)`;
  return section(
    `The rota can't keep ${group} equal to the person on call: ${why}. Nothing was changed; set the rota without \`--group\` or try again once that is fixed.`,
  );
}
