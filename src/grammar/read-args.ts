/** Reading the words after a subcommand: flags (options), `key:value` filters, periods, mentions. */
import { MAX_PAGE, type MentionArgument, type Period, type SubcommandName } from "./command";
import { DASHES, type Token } from "./tokenize";

interface Flag {
  name: string;
  /** The flag as typed, for error messages. */
  shown: string;
  value?: Token;
}

/** `--name`, `--name=value`, `—name`, `-h`: the flag a token is, if it is one. */
export function asFlag(token: Token): { name: string; shown: string; inline?: Token } | undefined {
  const literal = token.text.slice(0, token.literal);
  if (literal === "-h" || literal === "-?") return { name: "help", shown: literal };
  const dashes = DASHES.exec(literal);
  if (!dashes) return undefined;
  const eq = literal.indexOf("=");
  const name = (eq === -1 ? literal : literal.slice(0, eq)).slice(dashes[0].length).toLowerCase();
  const shown = `--${name}`;
  if (eq === -1) return { name, shown };
  const inline: Token = { text: token.text.slice(eq + 1), literal: token.literal - eq - 1 };
  if (token.mention) inline.mention = token.mention;
  const mentions = token.mentions?.filter((m) => m.at > eq).map((m) => ({ ...m, at: m.at - eq - 1 }));
  if (mentions?.length) inline.mentions = mentions;
  return { name, shown, inline };
}

/** `monitor:<name>` or `group:<name>` (case-insensitive key), if the token is one. */
function asKeyed(token: Token): { key: "monitor" | "group"; value: string } | undefined {
  const colon = token.text.indexOf(":");
  if (colon <= 0 || colon >= token.literal) return undefined;
  const key = token.text.slice(0, colon).toLowerCase();
  if (key !== "monitor" && key !== "group") return undefined;
  return { key, value: token.text.slice(colon + 1) };
}

export interface Args {
  positionals: Token[];
  flags: Map<string, Flag>;
  keyed: { key: "monitor" | "group"; value: string }[];
}

export class ArgumentError {
  constructor(readonly message: string) {}
}

/** Splits arguments into positionals, the allowed flags (each with a value) and `key:value` filters. */
export function readArgs(
  sub: SubcommandName,
  tokens: readonly Token[],
  allowedFlags: readonly string[],
  keys: boolean,
): Args | ArgumentError {
  const args: Args = { positionals: [], flags: new Map(), keyed: [] };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const flag = asFlag(token);
    if (flag) {
      if (!allowedFlags.includes(flag.name)) {
        const options = allowedFlags.map((f) => `--${f}`).join(", ");
        return new ArgumentError(
          options
            ? `unknown option ${echo(flag.shown)} for "${sub}" (options: ${options})`
            : `"${sub}" has no options (got ${echo(flag.shown)})`,
        );
      }
      if (args.flags.has(flag.name)) return new ArgumentError(`${flag.shown} is given twice`);
      let value = flag.inline;
      if (!value) {
        const next = tokens[i + 1];
        if (next && !asFlag(next)) {
          value = next;
          i++;
        }
      }
      args.flags.set(flag.name, value ? { name: flag.name, shown: flag.shown, value } : flag);
      continue;
    }
    const keyed = keys ? asKeyed(token) : undefined;
    if (keyed) {
      if (keyed.value === "") {
        // `group: "Edge EU"`: the value is the next word.
        const next = tokens[i + 1];
        if (next && !asFlag(next) && !asKeyed(next)) {
          keyed.value = next.text;
          i++;
        }
      }
      if (keyed.value.trim() === "")
        return new ArgumentError(`${keyed.key}: needs a name, e.g. ${keyed.key}:"Edge EU"`);
      args.keyed.push({ key: keyed.key, value: keyed.value.trim() });
      continue;
    }
    args.positionals.push(token);
  }
  return args;
}

/** The value of a flag that needs one, or an error naming what it expects. */
export function flagValue(args: Args, name: string, expects: string): string | undefined | ArgumentError {
  const flag = args.flags.get(name);
  if (!flag) return undefined;
  const value = flag.value?.text.trim() ?? "";
  if (value === "") return new ArgumentError(`${flag.shown} needs a value: ${expects}`);
  return value;
}

export function joined(tokens: readonly Token[]): string | undefined {
  const text = tokens
    .map((t) => t.text.trim())
    .filter((t) => t !== "")
    .join(" ");
  return text === "" ? undefined : text;
}

export function parsePage(args: Args): number | ArgumentError {
  const raw = flagValue(args, "page", "a page number");
  if (raw === undefined) return 1;
  if (raw instanceof ArgumentError) return raw;
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(page >= 1 && page <= MAX_PAGE)) {
    return new ArgumentError(`--page must be a whole number from 1 to ${MAX_PAGE} (got "${echo(raw)}")`);
  }
  return page;
}

// Words that look like a period ("7d", "2 weeks" quoted) get a precise error instead of becoming a monitor name;
// names such as "2fa" or "1password" are not periods.
export const PERIOD_LIKE =
  /^\d+\s*(?:h|hrs?|hours?|d|days?|w|wks?|weeks?|m|mo|mos|mins?|minutes?|months?|y|yrs?|years?)$/i;

export function asPeriod(token: Token): Period | ArgumentError | undefined {
  if (token.literal < token.text.length || !PERIOD_LIKE.test(token.text)) return undefined;
  const word = token.text.toLowerCase();
  if (word === "24h" || word === "1d") return "24h";
  if (word === "30d") return "30d";
  return new ArgumentError(`the period must be 24h or 30d (got "${echo(token.text)}")`);
}

export function toMention(token: Token | undefined, shown: string): MentionArgument | ArgumentError {
  const expects = `${shown} must be here, channel, oncall, a @usergroup or a @person`;
  if (!token)
    return new ArgumentError(`${shown} needs a value: here, channel, oncall, a @usergroup or a @person`);
  const mention = token.mention;
  if (mention) {
    if (mention.kind === "everyone") return new ArgumentError(`${expects}; @everyone is not allowed`);
    return mention;
  }
  const text = token.text.trim();
  const word = text.toLowerCase();
  if (word === "here" || word === "@here") return { kind: "here" };
  if (word === "channel" || word === "@channel") return { kind: "channel" };
  if (word === "oncall") return { kind: "oncall" };
  if (word === "everyone" || word === "@everyone") {
    return new ArgumentError(`${expects}; @everyone is not allowed`);
  }
  if (/^@\S+$/u.test(text)) return { kind: "usergroup", handle: text.slice(1) };
  return new ArgumentError(`${expects} (got "${echo(text)}")`);
}

export function isMentionWord(token: Token): boolean {
  return token.mention !== undefined || (token.literal > 0 && token.text.startsWith("@"));
}

/** User text quoted back in an error, cut so that a pasted novel does not come back whole. */
export function echo(text: string): string {
  const chars = [...text];
  return chars.length > 60 ? `${chars.slice(0, 57).join("")}…` : text;
}

export function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
