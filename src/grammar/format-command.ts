/** Formatting (help examples, "run this instead", and the round-trip property of the tests). */
import { formatSlowRule } from "../domain/slow-rule";
import { optionOf, subscriptionOptions } from "../domain/subscription-options";
import type { Command, MentionArgument, StatsTarget } from "./command";
import { PERIOD_LIKE } from "./read-args";
import { DOUBLE_QUOTES, SINGLE_QUOTES } from "./tokenize";

const NEEDS_QUOTES = new RegExp(
  [
    "^$",
    "\\s",
    // A quote opens only at the start of a word or after `key:` / `--flag=`; elsewhere it is a letter.
    `^[${DOUBLE_QUOTES}${SINGLE_QUOTES}]`,
    `[:=][${DOUBLE_QUOTES}${SINGLE_QUOTES}]`,
    "^[-—–−?]",
    "^@",
    "^(monitor|group):",
    "^(open|all|here|channel|everyone)$",
    PERIOD_LIKE.source,
  ].join("|"),
  "i",
);

/** A value as it must be typed to come back unchanged: quoted when it has spaces or looks like syntax. */
export function quoteValue(value: string): string {
  if (!NEEDS_QUOTES.test(value)) return value;
  const hasDouble = [...DOUBLE_QUOTES].some((q) => value.includes(q));
  const hasSingle = [...SINGLE_QUOTES].some((q) => value.includes(q));
  // A value with both kinds of quotes cannot be typed exactly; double quotes keep most of it.
  return hasDouble && !hasSingle ? `'${value}'` : `"${value}"`;
}

function formatMention(mention: MentionArgument): string {
  if (mention.kind === "usergroup") return `@${mention.handle}`;
  if (mention.kind === "user") return `<@${mention.id}${mention.name ? `|${mention.name}` : ""}>`;
  return mention.kind;
}

function formatTarget(target: StatsTarget): string[] {
  if (target.kind === "monitor") return [quoteValue(target.monitor)];
  if (target.kind === "group") return [`group:${quoteValue(target.group)}`];
  return [];
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Minutes as typed back: `1d2h5m`, with the zero parts left out. */
export function formatMinutes(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return `${d ? `${d}d` : ""}${h ? `${h}h` : ""}${m || minutes === 0 ? `${m}m` : ""}`;
}

/**
 * The canonical text of a command, as a user would type it after `/uptime` (before Slack escapes it).
 * parseCommand(formatCommand(c)) gives c back for every command that parseCommand can produce, except help
 * errors and a usergroup's id (a user types `@oncall`; Slack adds the id).
 */
export function formatCommand(command: Command): string {
  const parts: string[] = [command.kind];
  switch (command.kind) {
    case "help":
      if (command.topic) parts.push(command.topic);
      break;
    case "team":
      if (command.team !== undefined) parts.push(quoteValue(command.team));
      break;
    case "monitors":
      if (command.text !== undefined) parts.push(quoteValue(command.text));
      if (command.state) parts.push("--state", command.state);
      if (command.group !== undefined) parts.push("--group", quoteValue(command.group));
      if (command.sort?.length) parts.push("--sort", command.sort.join(","));
      if (command.page !== 1) parts.push("--page", String(command.page));
      break;
    case "monitor":
    case "pause":
    case "resume":
    case "delete":
    case "edit":
    case "unmute":
      parts.push(quoteValue(command.monitor));
      break;
    case "incidents":
      if (command.openOnly) parts.push("open");
      if (command.page !== 1) parts.push("--page", String(command.page));
      break;
    case "ack":
    case "incident":
    case "postmortem":
      parts.push(command.incidentId);
      break;
    case "availability":
    case "latency":
      parts.push(...formatTarget(command.target));
      if (command.period !== "24h") parts.push(command.period);
      break;
    case "subscribe":
    case "unsubscribe":
      if (command.kind === "unsubscribe" && command.all) parts.push("all");
      for (const m of command.monitors) parts.push(`monitor:${quoteValue(m)}`);
      for (const g of command.groups) parts.push(`group:${quoteValue(g)}`);
      if (command.kind === "subscribe" && command.mention)
        parts.push("--mention", formatMention(command.mention));
      if (command.kind === "subscribe" && command.storm !== undefined)
        parts.push("--storm", String(command.storm));
      if (command.kind === "subscribe" && command.flap)
        parts.push("--flap", `${command.flap.count}/${command.flap.windowMinutes}m`);
      if (command.kind === "subscribe" && command.digest) parts.push("--digest", command.digest);
      if (command.kind === "subscribe" && command.escalateSteps)
        parts.push(
          "--escalate",
          command.escalateSteps
            .map((s) => `${s.minutes}m${s.mention ? `:${formatMention(s.mention)}` : ""}`)
            .join(","),
        );
      else if (command.kind === "subscribe" && command.escalateMinutes !== undefined)
        parts.push("--escalate", `${command.escalateMinutes}m`);
      if (command.kind === "subscribe")
        for (const option of subscriptionOptions()) {
          const value = optionOf(command, option);
          if (value !== undefined) parts.push(`--${option.flag}`, option.value.format(value));
        }
      if (command.kind === "subscribe" && command.slow) parts.push("--slow", formatSlowRule(command.slow));
      break;
    case "digest":
      if (command.cadence) parts.push(command.cadence);
      break;
    case "mute":
      parts.push(quoteValue(command.monitor));
      parts.push(
        command.duration.kind === "minutes" ? formatMinutes(command.duration.minutes) : "until-recovered",
      );
      break;
    case "maintenance":
      if (command.action === "end") parts.push("end", command.id);
      if (command.action !== "plan") break;
      if (command.target.kind === "all") parts.push("all");
      else if (command.target.kind === "group") parts.push(`group:${quoteValue(command.target.group)}`);
      else parts.push(`monitor:${quoteValue(command.target.monitor)}`);
      parts.push(formatMinutes(command.minutes));
      if (command.at) parts.push("--at", `${pad(command.at.hour)}:${pad(command.at.minute)}`);
      if (command.team !== undefined) parts.push("--team", quoteValue(command.team));
      if (command.reason !== undefined) parts.push("--reason", command.reason);
      break;
    case "page":
      parts.push(
        "incidentId" in command.about ? command.about.incidentId : quoteValue(command.about.monitor),
      );
      for (const target of command.targets) parts.push(formatMention(target));
      if (command.message !== undefined) parts.push("--", command.message);
      break;
    case "note":
      parts.push(command.incidentId, command.text);
      break;
    case "runbook":
      if (command.action === "remove") parts.push("remove");
      parts.push(
        command.target.kind === "group"
          ? `group:${quoteValue(command.target.group)}`
          : `monitor:${quoteValue(command.target.monitor)}`,
      );
      if (command.action === "add") {
        parts.push(command.url);
        if (command.label !== undefined) parts.push(quoteValue(command.label));
      }
      if (command.action === "remove") parts.push(String(command.n));
      break;
    case "board":
      if (command.action === "off") parts.push("off");
      else if (command.group !== undefined) parts.push(`group:${quoteValue(command.group)}`);
      break;
    default:
      break;
  }
  return parts.join(" ");
}
