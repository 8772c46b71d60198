import {
  OVERRIDE_MAX_MINUTES,
  OVERRIDE_MIN_MINUTES,
  ROTA_MAX_DAYS,
  ROTA_MAX_PEOPLE,
  ROTA_MIN_DAYS,
} from "../../domain/oncall-rota";
import type { Command, OncallCommand } from "../command";
import { ArgumentError, asFlag, echo } from "../read-args";
import type { Token } from "../tokenize";
import type { Parser } from "./parser";
import { parseClockTime, parseDuration } from "./quiet";

const SET_EXAMPLE = 'e.g. oncall set @ana @ben @cy --every 1w --at "Mon 09:00"';
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const isWord = (token: Token | undefined, word: string) =>
  token !== undefined && token.literal === token.text.length && token.text.toLowerCase() === word;

/** `1d`..`4w` as days, or null. */
export function parseEvery(text: string): number | null {
  const m = /^(\d{1,2})\s*(d|days?|w|wks?|weeks?)$/i.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * (m[2]!.toLowerCase().startsWith("d") ? 1 : 7);
}

/** `Mon 09:00`, `monday 9:00` or `09:00` (every day), or null. */
export function parseHandoverTime(text: string): { weekday?: number; hour: number; minute: number } | null {
  const words = text.trim().split(/\s+/);
  if (words.length === 1) return parseClockTime(words[0]!);
  if (words.length !== 2) return null;
  const day = words[0]!.toLowerCase();
  const weekday = WEEKDAYS.findIndex((w) => day === w || (day.length >= 3 && `${w}day`.startsWith(day)));
  const fullNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
  const index = weekday !== -1 ? weekday : fullNames.indexOf(day);
  const time = parseClockTime(words[1]!);
  return index === -1 || !time ? null : { weekday: index, ...time };
}

function personOf(token: Token): string | ArgumentError {
  if (token.mention?.kind === "user") return token.mention.id;
  return new ArgumentError(
    `name each person with Slack's autocomplete (type @ and pick them), so that their ids come through (got "${echo(token.text)}")`,
  );
}

function set(tokens: readonly Token[]): OncallCommand | ArgumentError {
  const people: string[] = [];
  const flags = new Map<string, Token[]>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const flag = asFlag(token);
    if (flag) {
      if (!["every", "at", "group"].includes(flag.name))
        return new ArgumentError(
          `unknown option ${echo(flag.shown)} for "oncall set" (options: --every, --at, --group)`,
        );
      if (flags.has(flag.name)) return new ArgumentError(`${flag.shown} is given twice`);
      const values: Token[] = flag.inline ? [flag.inline] : [];
      // `--at Mon 09:00` unquoted: the time is the next word.
      while (!flag.inline && values.length < (flag.name === "at" ? 2 : 1)) {
        const next = tokens[i + 1];
        if (!next || asFlag(next) || (next.mention && flag.name !== "group")) break;
        if (values.length === 1 && !parseClockTime(next.text)) break;
        values.push(next);
        i++;
      }
      flags.set(flag.name, values);
      continue;
    }
    const person = personOf(token);
    if (person instanceof ArgumentError) return person;
    if (people.includes(person)) return new ArgumentError(`<@${person}> is in the rota twice`);
    people.push(person);
  }
  if (people.length === 0)
    return new ArgumentError(`"oncall set" needs the people who take turns, ${SET_EXAMPLE}`);
  if (people.length > ROTA_MAX_PEOPLE)
    return new ArgumentError(`a rota takes at most ${ROTA_MAX_PEOPLE} people (got ${people.length})`);
  const everyText = flags
    .get("every")
    ?.map((t) => t.text)
    .join(" ");
  let everyDays = 7;
  if (everyText !== undefined) {
    const days = parseEvery(everyText);
    if (days === null || days < ROTA_MIN_DAYS || days > ROTA_MAX_DAYS)
      return new ArgumentError(
        `--every is a turn from 1d to 4w, e.g. --every 1w or --every 3d (got "${echo(everyText)}")`,
      );
    everyDays = days;
  }
  const atText = flags
    .get("at")
    ?.map((t) => t.text)
    .join(" ");
  let at: { weekday?: number; hour: number; minute: number } =
    everyDays % 7 === 0 ? { weekday: 1, hour: 9, minute: 0 } : { hour: 9, minute: 0 };
  if (atText !== undefined) {
    const parsed = parseHandoverTime(atText);
    if (!parsed)
      return new ArgumentError(
        `--at is a handover time, a weekday and a 24-hour time, e.g. --at "Mon 09:00", or --at 09:00 (got "${echo(atText)}")`,
      );
    if (parsed.weekday !== undefined && everyDays % 7 !== 0)
      return new ArgumentError(
        `--at names a weekday only for turns of whole weeks; with --every ${everyText} give a time alone, e.g. --at 09:00`,
      );
    at = parsed.weekday === undefined && everyDays % 7 === 0 ? { weekday: 1, ...parsed } : parsed;
  }
  const command: OncallCommand = { kind: "oncall", action: "set", people, everyDays, at };
  const groupTokens = flags.get("group");
  if (groupTokens !== undefined) {
    const token = groupTokens[0];
    const mention = token?.mention;
    if (mention?.kind === "usergroup")
      command.group = mention.id ? { handle: mention.handle, id: mention.id } : { handle: mention.handle };
    else if (token && /^@[\w.-]+$/u.test(token.text.trim()))
      command.group = { handle: token.text.trim().slice(1) };
    else
      return new ArgumentError(
        `--group is a Slack user group the rota keeps equal to the person on call, e.g. --group @uptime-oncall${token ? ` (got "${echo(token.text)}")` : ""}`,
      );
  }
  return command;
}

function override(tokens: readonly Token[]): OncallCommand | ArgumentError {
  const example = "e.g. oncall override @ben 4h";
  const [who, how, ...rest] = tokens;
  if (!who || !how || rest.length > 0)
    return new ArgumentError(`"oncall override" takes one person and how long, ${example}`);
  const user = personOf(who);
  if (user instanceof ArgumentError) return user;
  const minutes = how.literal === how.text.length ? parseDuration(how.text) : null;
  if (minutes === null || minutes < OVERRIDE_MIN_MINUTES || minutes > OVERRIDE_MAX_MINUTES)
    return new ArgumentError(
      `an override lasts from 1 minute to 7 days, such as 30m, 4h or 2d, ${example} (got "${echo(how.text)}")`,
    );
  return { kind: "oncall", action: "override", user, minutes };
}

/** `oncall`, `oncall set @a @b --every 1w --at "Mon 09:00" [--group @g]`, `oncall override @b 4h`, `oncall off`. */
const oncall: Parser = (_sub, tokens): Command | ArgumentError => {
  const [first, ...rest] = tokens;
  if (!first) return { kind: "oncall", action: "show" };
  if (isWord(first, "set")) return set(rest);
  if (isWord(first, "override")) return override(rest);
  if (isWord(first, "off")) {
    if (rest.length > 0)
      return new ArgumentError(`"oncall off" takes nothing more (got "${echo(rest[0]!.text)}")`);
    return { kind: "oncall", action: "off" };
  }
  return new ArgumentError(
    `"oncall" is followed by nothing, set, override or off (got "${echo(first.text)}"); ${SET_EXAMPLE}`,
  );
};

export const oncallParsers = { oncall } as const;
