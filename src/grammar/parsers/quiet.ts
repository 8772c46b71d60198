import { parseDuration } from "../../domain/durations";
import {
  MAINTENANCE_MAX_MINUTES,
  MAINTENANCE_MIN_MINUTES,
  MAINTENANCE_REASON_MAX,
  MUTE_MAX_MINUTES,
} from "../../domain/quiet-windows";
import type { Command, MaintenanceTarget, MuteDuration, SubcommandName } from "../command";
import { ArgumentError, asFlag, echo, flagValue, joined, readArgs } from "../read-args";
import type { Token } from "../tokenize";
import type { Parser } from "./parser";

export { parseDuration };

/** A word that is meant as a duration (digits then a unit), so a mistyped one gets a precise error. */
function looksLikeDuration(token: Token): boolean {
  return token.literal === token.text.length && /^\d+\s*[a-z]+(?:\d+\s*[a-z]+)*$/i.test(token.text.trim());
}

/** `HH:MM` on a 24-hour clock, or null. */
export function parseClockTime(text: string): { hour: number; minute: number } | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** `--reason` takes every word after it up to the next option, so a reason needs no quotes. */
function takeReason(tokens: readonly Token[]): { rest: Token[]; reason?: string } | ArgumentError {
  const rest: Token[] = [];
  let reason: string[] | undefined;
  let collecting = false;
  for (const token of tokens) {
    const flag = asFlag(token);
    if (flag?.name === "reason") {
      if (reason) return new ArgumentError("--reason is given twice");
      reason = flag.inline ? [flag.inline.text] : [];
      collecting = true;
      continue;
    }
    if (flag) collecting = false;
    if (collecting && reason) reason.push(token.text);
    else rest.push(token);
  }
  if (!reason) return { rest };
  const text = reason
    .map((w) => w.trim())
    .filter((w) => w !== "")
    .join(" ");
  if (text === "") return new ArgumentError("--reason needs a text, e.g. --reason database upgrade");
  if ([...text].length > MAINTENANCE_REASON_MAX) {
    return new ArgumentError(`--reason is at most ${MAINTENANCE_REASON_MAX} characters`);
  }
  return { rest, reason: text };
}

const isWord = (token: Token | undefined, word: string) =>
  token !== undefined && token.literal === token.text.length && token.text.toLowerCase() === word;

const MAINTENANCE_EXAMPLE = 'e.g. maintenance "API gateway" 2h --at 22:00 --reason database upgrade';

function maintenance(sub: SubcommandName, tokens: readonly Token[]): Command | ArgumentError {
  if (tokens.length === 0) return { kind: "maintenance", action: "list" };
  if (isWord(tokens[0], "end")) {
    const rest = tokens.slice(1);
    const id = rest.length === 1 ? rest[0]!.text.trim().replace(/^#/, "") : "";
    if (!/^[a-z0-9]{1,12}$/i.test(id)) {
      return new ArgumentError(
        `"maintenance end" takes the id of a window, as \`/uptime maintenance\` lists them, e.g. maintenance end k3f9`,
      );
    }
    return { kind: "maintenance", action: "end", id: id.toLowerCase() };
  }
  const taken = takeReason(tokens);
  if (taken instanceof ArgumentError) return taken;
  const args = readArgs(sub, taken.rest, ["at", "team"], true);
  if (args instanceof ArgumentError) return args;
  const last = args.positionals.at(-1);
  const minutes = last && last.literal === last.text.length ? parseDuration(last.text) : null;
  if (!last || minutes === null) {
    const got = last && looksLikeDuration(last) ? ` (got "${echo(last.text)}")` : "";
    return new ArgumentError(
      `"maintenance" needs what and how long: <monitor>, group:<name> or all, then a duration such as 30m, 2h or 1h30m${got}; ${MAINTENANCE_EXAMPLE}`,
    );
  }
  if (minutes < MAINTENANCE_MIN_MINUTES || minutes > MAINTENANCE_MAX_MINUTES) {
    return new ArgumentError(
      `a maintenance window lasts from ${MAINTENANCE_MIN_MINUTES} minute to 7 days (got "${echo(last.text)}")`,
    );
  }
  const words = args.positionals.slice(0, -1);
  let target: MaintenanceTarget;
  const groups = args.keyed.filter((k) => k.key === "group");
  const monitors = args.keyed.filter((k) => k.key === "monitor");
  const named = joined(words);
  const given = groups.length + monitors.length + (named === undefined ? 0 : 1);
  if (given !== 1) {
    return new ArgumentError(
      given === 0
        ? `"maintenance" needs a monitor, group:<name> or all before the duration; ${MAINTENANCE_EXAMPLE}`
        : `"maintenance" covers one monitor, one group:<name> or all; plan one window each`,
    );
  }
  if (groups[0]) target = { kind: "group", group: groups[0].value };
  else if (monitors[0]) target = { kind: "monitor", monitor: monitors[0].value };
  else if (words.length === 1 && isWord(words[0], "all")) target = { kind: "all" };
  else target = { kind: "monitor", monitor: named! };
  const command: Extract<Command, { kind: "maintenance"; action: "plan" }> = {
    kind: "maintenance",
    action: "plan",
    target,
    minutes,
  };
  const at = flagValue(args, "at", "a time on a 24-hour clock, e.g. --at 22:30");
  if (at instanceof ArgumentError) return at;
  if (at !== undefined) {
    const time = parseClockTime(at);
    if (!time)
      return new ArgumentError(`--at is a time on a 24-hour clock, e.g. --at 22:30 (got "${echo(at)}")`);
    command.at = time;
  }
  const team = flagValue(args, "team", "the id or name of an API team, e.g. --team 2");
  if (team instanceof ArgumentError) return team;
  if (team !== undefined) command.team = team;
  if (taken.reason !== undefined) command.reason = taken.reason;
  return command;
}

function mute(sub: SubcommandName, tokens: readonly Token[]): Command | ArgumentError {
  const args = readArgs(sub, tokens, [], false);
  if (args instanceof ArgumentError) return args;
  const words = [...args.positionals];
  let duration: MuteDuration | undefined;
  const last = words.at(-1);
  if (isWord(last, "until-recovered") || isWord(last, "until_recovered")) {
    words.pop();
    duration = { kind: "until-recovered" };
  } else if (isWord(last, "recovered") && isWord(words.at(-2), "until")) {
    words.splice(-2);
    duration = { kind: "until-recovered" };
  } else if (last && last.literal === last.text.length) {
    const minutes = parseDuration(last.text);
    if (minutes !== null) {
      if (minutes < 1 || minutes > MUTE_MAX_MINUTES) {
        return new ArgumentError(`a mute lasts from 1 minute to 7 days (got "${echo(last.text)}")`);
      }
      words.pop();
      duration = { kind: "minutes", minutes };
    }
  }
  const monitor = joined(words);
  if (!duration || monitor === undefined) {
    const got = last && !duration && looksLikeDuration(last) ? ` (got "${echo(last.text)}")` : "";
    return new ArgumentError(
      `"mute" needs a monitor and how long: a duration such as 30m, 4h or 1d, or until-recovered${got}; e.g. mute api-eu until-recovered`,
    );
  }
  return { kind: "mute", monitor, duration };
}

/** Quiet in a channel on purpose: mute (typed) and planned maintenance windows. */
export const quietParsers = {
  maintenance,
  mute,
} satisfies Partial<Record<SubcommandName, Parser>>;
