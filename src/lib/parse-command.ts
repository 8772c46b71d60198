/**
 * The `/uptime` command parser (DESIGN.md section 1): pure and total. Any text gives a Command; what it does
 * not understand gives `{ kind: "help", error }` saying exactly what was wrong. It never throws.
 *
 * Grammar (subcommands and keywords are case-insensitive; values keep their case):
 *
 *   help [<topic>]        also: ?  -h  --help, and `<subcommand> --help`
 *   login | logout | whoami
 *   team [<id or name>]
 *   status
 *   monitors [<text>] [--state up|down|paused|pending] [--group <g>] [--sort <key>[,<key>...]] [--page <n>]
 *                         sort keys: name, group, created; a leading - sorts descending (A9)
 *   monitor <name or id>
 *   incidents [open] [--page <n>]
 *   ack <incident id>     123 or #123
 *   availability [<monitor> | monitor:<name> | group:<name>] [24h|30d]     (default: the team, 24h)
 *   latency      [<monitor> | monitor:<name> | group:<name>] [24h|30d]
 *   checks | locations | channels | create | subscriptions
 *   pause <monitor> | resume <monitor>
 *   subscribe   [monitor:<name>]... [group:<name>]... [--mention here|channel|@usergroup]
 *   unsubscribe [monitor:<name>]... [group:<name>]...    (the subscription with exactly these filters)
 *   unsubscribe all                                        (every subscription of the channel)
 *   unmute <monitor>                                       (lifts the monitor's mute in this channel)
 *
 * Words are separated by any Unicode space. A value with spaces is quoted: "API gateway", 'API gateway',
 * “API gateway” (phones type smart quotes); a quote opens only at the start of a word or right after
 * `key:` / `--flag=`, so apostrophes (Bob's API) stay literal, and a quoted word is never a keyword or flag.
 * Flags take `--flag value` or `--flag=value`; "—flag" (iOS turns -- into an em dash) counts as "--flag".
 *
 * Input is the text as Slack sends it: `&`, `<`, `>` arrive as `&amp;`, `&lt;`, `&gt;`, and with "escape
 * channels, users and links" on, mentions and links arrive as `<!here>`, `<!channel>`,
 * `<!subteam^S0123|@oncall>`, `<https://x.io|x.io>`. Both the escaped and the raw form (`@here`, `@oncall`,
 * `x.io`) are understood; a link stands for the text the user typed (its label).
 */
import { closestMatches } from "./closest-matches";

export const MONITOR_STATES = ["up", "down", "paused", "pending"] as const;
export type MonitorState = (typeof MONITOR_STATES)[number];

/** Sort keys of the monitor list (A9): a leading `-` sorts descending. */
export const SORT_KEYS = ["name", "-name", "group", "-group", "created", "-created"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const PERIODS = ["24h", "30d"] as const;
/** Hourly statistics over the last 24 hours, or daily ones over 30 days (A10). */
export type Period = (typeof PERIODS)[number];

/** Highest `--page` accepted; more is a typo, not a page. */
export const MAX_PAGE = 9999;
/** Longer text is refused before any work is done (Slack's own command text is far shorter). */
export const MAX_COMMAND_LENGTH = 4000;

/** Who an alert pings. A usergroup typed as `@oncall` has no id; Slack's escaped form carries it. */
export type Mention =
  | { kind: "here" }
  | { kind: "channel" }
  | { kind: "usergroup"; handle: string; id?: string };

/** What statistics are about: the whole active team, one monitor (name or id), or one group. */
export type StatsTarget =
  | { kind: "team" }
  | { kind: "monitor"; monitor: string }
  | { kind: "group"; group: string };

export type Command =
  | {
      kind: "help";
      /** The subcommand to explain (also set when its arguments were wrong). */
      topic?: SubcommandName;
      /** The word that is not a subcommand. */
      unknown?: string;
      /** What was not understood, as a sentence for the user. */
      error?: string;
    }
  | { kind: "login" }
  | { kind: "logout" }
  | { kind: "whoami" }
  | { kind: "team"; team?: string }
  | { kind: "status" }
  | { kind: "monitors"; text?: string; state?: MonitorState; group?: string; sort?: SortKey[]; page: number }
  | { kind: "monitor"; monitor: string }
  | { kind: "incidents"; openOnly: boolean; page: number }
  | { kind: "ack"; incidentId: string }
  | { kind: "availability"; target: StatsTarget; period: Period }
  | { kind: "latency"; target: StatsTarget; period: Period }
  | { kind: "checks" }
  | { kind: "locations" }
  | { kind: "channels" }
  | { kind: "create" }
  | { kind: "pause"; monitor: string }
  | { kind: "resume"; monitor: string }
  | { kind: "subscribe"; monitors: string[]; groups: string[]; mention?: Mention }
  /** `all` removes every subscription of the channel; otherwise the one whose filters are exactly these. */
  | { kind: "unsubscribe"; all: boolean; monitors: string[]; groups: string[] }
  | { kind: "subscriptions" }
  | { kind: "unmute"; monitor: string };

export type SubcommandName = Command["kind"];

export interface SubcommandInfo {
  name: SubcommandName;
  aliases: readonly string[];
  usage: string;
  example: string;
  summary: string;
}

/** Every subcommand with what `help` shows; the order is the order of the help text. */
export const SUBCOMMANDS: readonly SubcommandInfo[] = [
  { name: "help", aliases: ["?"], usage: "help [command]", example: "help monitors", summary: "this help" },
  {
    name: "login",
    aliases: ["link"],
    usage: "login",
    example: "login",
    summary: "link your Slack account to your API token",
  },
  { name: "logout", aliases: ["unlink"], usage: "logout", example: "logout", summary: "forget your token" },
  { name: "whoami", aliases: ["me"], usage: "whoami", example: "whoami", summary: "your linked API user" },
  {
    name: "team",
    aliases: ["teams"],
    usage: "team [id or name]",
    example: "team Acme",
    summary: "show or choose the active team",
  },
  { name: "status", aliases: [], usage: "status", example: "status", summary: "what is up, down and open" },
  {
    name: "monitors",
    aliases: ["list", "ls"],
    usage: "monitors [text] [--state up|down|paused|pending] [--group G] [--sort -name] [--page N]",
    example: "monitors api --state down",
    summary: "list monitors",
  },
  {
    name: "monitor",
    aliases: ["mon"],
    usage: "monitor <name or id>",
    example: 'monitor "API gateway"',
    summary: "one monitor in detail",
  },
  {
    name: "incidents",
    aliases: ["incident", "inc"],
    usage: "incidents [open] [--page N]",
    example: "incidents open",
    summary: "list incidents",
  },
  {
    name: "ack",
    aliases: ["acknowledge"],
    usage: "ack <incident id>",
    example: "ack 123",
    summary: "acknowledge an incident",
  },
  {
    name: "availability",
    aliases: ["avail", "uptime"],
    usage: "availability [monitor | group:<name>] [24h|30d]",
    example: "availability group:Edge 30d",
    summary: "availability per hour or day",
  },
  {
    name: "latency",
    aliases: ["lat"],
    usage: "latency [monitor | group:<name>] [24h|30d]",
    example: 'latency "API gateway"',
    summary: "response times",
  },
  { name: "checks", aliases: ["check"], usage: "checks", example: "checks", summary: "the latest checks" },
  {
    name: "locations",
    aliases: ["location"],
    usage: "locations",
    example: "locations",
    summary: "checking locations",
  },
  {
    name: "channels",
    aliases: [],
    usage: "channels",
    example: "channels",
    summary: "the team's alert channels",
  },
  {
    name: "create",
    aliases: ["new", "add"],
    usage: "create",
    example: "create",
    summary: "create a monitor",
  },
  {
    name: "pause",
    aliases: ["disable"],
    usage: "pause <monitor>",
    example: "pause api-eu",
    summary: "pause a monitor",
  },
  {
    name: "resume",
    aliases: ["enable", "unpause"],
    usage: "resume <monitor>",
    example: "resume api-eu",
    summary: "resume a monitor",
  },
  {
    name: "subscribe",
    aliases: ["sub"],
    usage: "subscribe [monitor:<name>]... [group:<name>]... [--mention here|channel|@group]",
    example: "subscribe group:Edge --mention @oncall",
    summary: "alerts in this channel",
  },
  {
    name: "unsubscribe",
    aliases: ["unsub"],
    usage: "unsubscribe [monitor:<name>]... [group:<name>]... | all",
    example: "unsubscribe all",
    summary: "stop alerts in this channel",
  },
  {
    name: "subscriptions",
    aliases: ["subs"],
    usage: "subscriptions",
    example: "subscriptions",
    summary: "this channel's subscriptions",
  },
  {
    name: "unmute",
    aliases: [],
    usage: "unmute <monitor>",
    example: "unmute api-eu",
    summary: "alerts again for a muted monitor",
  },
];

const BY_WORD = new Map<string, SubcommandName>();
for (const info of SUBCOMMANDS) {
  BY_WORD.set(info.name, info.name);
  for (const alias of info.aliases) BY_WORD.set(alias, info.name);
}

/** The subcommand a word names (case-insensitive, aliases included), if any. */
export function resolveSubcommand(word: string): SubcommandName | undefined {
  return BY_WORD.get(word.toLowerCase());
}

// ---------------------------------------------------------------------------------------------------------
// Lexer

type RawMention = Mention | { kind: "everyone" };

interface Token {
  /** Decoded text: entities resolved, quotes removed. */
  text: string;
  /** Length of `text` before the first quoted part: keys and flags count only there. */
  literal: number;
  /** A Slack mention entity found in the word. */
  mention?: RawMention;
}

const DOUBLE_QUOTES = '"“”„‟';
const SINGLE_QUOTES = "'‘’‚‛";
const DASHES = /^(?:--|—|–|−−)/;
const SPACE = /\s/;
// Slack's angle-bracket entities: <!special...>, <@user...>, <#channel...>, <scheme:...>.
const ENTITY = /^(?:[!@#][^<>]*|[a-z][a-z0-9+.-]*:[^<>]*)$/i;

interface Unit {
  text: string;
  next: number;
  mention?: RawMention;
}

/** One unit at `i`: an entity `<...>`, an HTML escape (`&amp;`), or one code point. */
function readUnit(s: string, i: number): Unit {
  const c = s[i]!;
  if (c === "<") {
    const end = s.indexOf(">", i + 1);
    if (end !== -1) {
      const body = s.slice(i + 1, end);
      if (ENTITY.test(body)) return { ...decodeEntity(body), next: end + 1 };
    }
  } else if (c === "&") {
    for (const [escaped, plain] of HTML_ESCAPES) {
      if (s.startsWith(escaped, i)) return { text: plain, next: i + escaped.length };
    }
  }
  const cp = s.codePointAt(i)!;
  const width = cp > 0xffff ? 2 : 1;
  return { text: s.slice(i, i + width), next: i + width };
}

const HTML_ESCAPES: [string, string][] = [
  ["&amp;", "&"],
  ["&lt;", "<"],
  ["&gt;", ">"],
];

function decodeEntity(body: string): { text: string; mention?: RawMention } {
  const bar = body.indexOf("|");
  const target = bar === -1 ? body : body.slice(0, bar);
  const label = bar === -1 ? undefined : decodeHtml(body.slice(bar + 1));
  if (target.startsWith("!")) {
    const [special = "", id] = target.slice(1).split("^");
    switch (special.toLowerCase()) {
      case "here":
        return { text: "@here", mention: { kind: "here" } };
      case "channel":
        return { text: "@channel", mention: { kind: "channel" } };
      case "everyone":
        return { text: "@everyone", mention: { kind: "everyone" } };
      case "subteam": {
        const handle = (label ?? id ?? "").replace(/^@/, "");
        const mention: Mention = id ? { kind: "usergroup", handle, id } : { kind: "usergroup", handle };
        return { text: `@${handle}`, mention };
      }
      default:
        return { text: label ?? target };
    }
  }
  if (target.startsWith("@")) return { text: `@${label ?? target.slice(1)}` };
  if (target.startsWith("#")) return { text: `#${label ?? target.slice(1)}` };
  // A link: the label is what the user typed (Slack may have added http:// to the URL).
  return { text: label ?? decodeHtml(target) };
}

function decodeHtml(s: string): string {
  return s.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === "amp" ? "&" : name === "lt" ? "<" : ">"));
}

function lex(s: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < s.length) {
    if (SPACE.test(s[i]!)) {
      i++;
      continue;
    }
    let text = "";
    let literal = -1;
    let mention: RawMention | undefined;
    while (i < s.length && !SPACE.test(s[i]!)) {
      const c = s[i]!;
      const family = DOUBLE_QUOTES.includes(c)
        ? DOUBLE_QUOTES
        : SINGLE_QUOTES.includes(c)
          ? SINGLE_QUOTES
          : "";
      if (family && (text === "" || text.endsWith(":") || text.endsWith("="))) {
        if (literal === -1) literal = text.length;
        i++;
        while (i < s.length && !family.includes(s[i]!)) {
          const unit = readUnit(s, i);
          text += unit.text;
          mention = unit.mention ?? mention;
          i = unit.next;
        }
        i++; // the closing quote; an unclosed quote runs to the end of the text
        continue;
      }
      const unit = readUnit(s, i);
      text += unit.text;
      mention = unit.mention ?? mention;
      i = unit.next;
    }
    const token: Token = { text, literal: literal === -1 ? text.length : literal };
    if (mention) token.mention = mention;
    tokens.push(token);
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------
// Argument reading

interface Flag {
  name: string;
  /** The flag as typed, for error messages. */
  shown: string;
  value?: Token;
}

/** `--name`, `--name=value`, `—name`, `-h`: the flag a token is, if it is one. */
function asFlag(token: Token): { name: string; shown: string; inline?: Token } | undefined {
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

interface Args {
  positionals: Token[];
  flags: Map<string, Flag>;
  keyed: { key: "monitor" | "group"; value: string }[];
}

class ArgumentError {
  constructor(readonly message: string) {}
}

/** Splits arguments into positionals, the allowed flags (each with a value) and `key:value` filters. */
function readArgs(
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
function flagValue(args: Args, name: string, expects: string): string | undefined | ArgumentError {
  const flag = args.flags.get(name);
  if (!flag) return undefined;
  const value = flag.value?.text.trim() ?? "";
  if (value === "") return new ArgumentError(`${flag.shown} needs a value: ${expects}`);
  return value;
}

function joined(tokens: readonly Token[]): string | undefined {
  const text = tokens
    .map((t) => t.text.trim())
    .filter((t) => t !== "")
    .join(" ");
  return text === "" ? undefined : text;
}

function parsePage(args: Args): number | ArgumentError {
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
const PERIOD_LIKE =
  /^\d+\s*(?:h|hrs?|hours?|d|days?|w|wks?|weeks?|m|mo|mos|mins?|minutes?|months?|y|yrs?|years?)$/i;

function asPeriod(token: Token): Period | ArgumentError | undefined {
  if (token.literal < token.text.length || !PERIOD_LIKE.test(token.text)) return undefined;
  const word = token.text.toLowerCase();
  if (word === "24h" || word === "1d") return "24h";
  if (word === "30d") return "30d";
  return new ArgumentError(`the period must be 24h or 30d (got "${echo(token.text)}")`);
}

function toMention(token: Token | undefined, shown: string): Mention | ArgumentError {
  const expects = `${shown} must be here, channel or a @usergroup`;
  if (!token) return new ArgumentError(`${shown} needs a value: here, channel or a @usergroup`);
  const mention = token.mention;
  if (mention) {
    if (mention.kind === "everyone") return new ArgumentError(`${expects}; @everyone is not allowed`);
    return mention;
  }
  const text = token.text.trim();
  const word = text.toLowerCase();
  if (word === "here" || word === "@here") return { kind: "here" };
  if (word === "channel" || word === "@channel") return { kind: "channel" };
  if (word === "everyone" || word === "@everyone") {
    return new ArgumentError(`${expects}; @everyone is not allowed`);
  }
  if (/^@\S+$/u.test(text)) return { kind: "usergroup", handle: text.slice(1) };
  return new ArgumentError(`${expects} (got "${echo(text)}")`);
}

function isMentionWord(token: Token): boolean {
  return token.mention !== undefined || (token.literal > 0 && token.text.startsWith("@"));
}

/** User text quoted back in an error, cut so that a pasted novel does not come back whole. */
function echo(text: string): string {
  const chars = [...text];
  return chars.length > 60 ? `${chars.slice(0, 57).join("")}…` : text;
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

// ---------------------------------------------------------------------------------------------------------
// Subcommands

type Parser = (sub: SubcommandName, tokens: readonly Token[]) => Command | ArgumentError;

const noArguments =
  (command: Command): Parser =>
  (sub, tokens) => {
    if (tokens.length === 0) return { ...command };
    return new ArgumentError(
      `"${sub}" takes no arguments (got "${echo(tokens.map((t) => t.text).join(" "))}")`,
    );
  };

/** A subcommand whose whole argument is one monitor name or id. */
const oneMonitor =
  (kind: "monitor" | "pause" | "resume" | "unmute"): Parser =>
  (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const monitor = joined(args.positionals);
    if (monitor === undefined)
      return new ArgumentError(`"${sub}" needs a monitor name or id, e.g. ${sub} api-eu`);
    return { kind, monitor };
  };

const statistics =
  (kind: "availability" | "latency"): Parser =>
  (sub, tokens) => {
    const args = readArgs(sub, tokens, [], true);
    if (args instanceof ArgumentError) return args;
    let period: Period | undefined;
    const words: Token[] = [];
    for (const token of args.positionals) {
      const p = asPeriod(token);
      if (p instanceof ArgumentError) return p;
      if (p === undefined) words.push(token);
      else if (period !== undefined) return new ArgumentError("give one period: 24h or 30d");
      else period = p;
    }
    const monitorWords = joined(words);
    const monitors = args.keyed.filter((k) => k.key === "monitor").map((k) => k.value);
    const groups = args.keyed.filter((k) => k.key === "group").map((k) => k.value);
    if (monitorWords !== undefined) monitors.push(monitorWords);
    if (monitors.length + groups.length > 1) {
      return new ArgumentError(
        `"${sub}" is about one monitor or one group:<name> (or the whole team), not several`,
      );
    }
    const target: StatsTarget =
      monitors[0] !== undefined
        ? { kind: "monitor", monitor: monitors[0] }
        : groups[0] !== undefined
          ? { kind: "group", group: groups[0] }
          : { kind: "team" };
    return { kind, target, period: period ?? "24h" };
  };

const PARSERS: Record<Exclude<SubcommandName, "help">, Parser> = {
  // People paste their token after `login`: whatever follows is never echoed (DESIGN.md 7).
  login: (_sub, tokens) =>
    tokens.length === 0
      ? { kind: "login" }
      : new ArgumentError(
          "type `/uptime login` alone and paste your token in the window it opens; what you typed after it was not shown or kept",
        ),
  logout: noArguments({ kind: "logout" }),
  whoami: noArguments({ kind: "whoami" }),
  status: noArguments({ kind: "status" }),
  checks: noArguments({ kind: "checks" }),
  locations: noArguments({ kind: "locations" }),
  channels: noArguments({ kind: "channels" }),
  create: noArguments({ kind: "create" }),
  subscriptions: noArguments({ kind: "subscriptions" }),

  team: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const team = joined(args.positionals);
    return team === undefined ? { kind: "team" } : { kind: "team", team };
  },

  monitors: (sub, tokens) => {
    const args = readArgs(sub, tokens, ["state", "group", "sort", "page"], false);
    if (args instanceof ArgumentError) return args;
    const command: Extract<Command, { kind: "monitors" }> = { kind: "monitors", page: 1 };
    const text = joined(args.positionals);
    if (text !== undefined) command.text = text;

    const stateNames = MONITOR_STATES.join(", ");
    const state = flagValue(args, "state", stateNames);
    if (state instanceof ArgumentError) return state;
    if (state !== undefined) {
      const wanted = state.toLowerCase();
      const known = MONITOR_STATES.find((s) => s === wanted);
      if (!known) return new ArgumentError(`--state must be one of ${stateNames} (got "${echo(state)}")`);
      command.state = known;
    }

    const group = flagValue(args, "group", "a group name");
    if (group instanceof ArgumentError) return group;
    if (group !== undefined) command.group = group;

    const sort = flagValue(args, "sort", "name, group or created, - for descending (e.g. -created)");
    if (sort instanceof ArgumentError) return sort;
    if (sort !== undefined) {
      const keys: SortKey[] = [];
      for (const piece of sort.split(",")) {
        const wanted = piece.trim().toLowerCase();
        if (wanted === "") continue;
        const known = SORT_KEYS.find((k) => k === wanted);
        if (!known) {
          return new ArgumentError(
            `--sort takes name, group or created, each with - for descending, e.g. --sort -created,name (got "${echo(piece.trim())}")`,
          );
        }
        const field = known.replace(/^-/, "");
        if (keys.some((k) => k.replace(/^-/, "") === field)) {
          return new ArgumentError(`--sort names "${field}" twice`);
        }
        keys.push(known);
      }
      if (keys.length === 0) return new ArgumentError("--sort needs a value: name, group or created");
      command.sort = keys;
    }

    const page = parsePage(args);
    if (page instanceof ArgumentError) return page;
    command.page = page;
    return command;
  },

  monitor: oneMonitor("monitor"),
  pause: oneMonitor("pause"),
  resume: oneMonitor("resume"),
  unmute: oneMonitor("unmute"),

  incidents: (sub, tokens) => {
    const args = readArgs(sub, tokens, ["page"], false);
    if (args instanceof ArgumentError) return args;
    let openOnly = false;
    for (const token of args.positionals) {
      if (token.literal === token.text.length && token.text.toLowerCase() === "open") openOnly = true;
      else {
        const hint = /^#?\d+$/.test(token.text) ? `; to acknowledge one, use "ack ${token.text}"` : "";
        return new ArgumentError(`"incidents" takes "open" or nothing (got "${echo(token.text)}")${hint}`);
      }
    }
    const page = parsePage(args);
    if (page instanceof ArgumentError) return page;
    return { kind: "incidents", openOnly, page };
  },

  ack: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], false);
    if (args instanceof ArgumentError) return args;
    const [first, ...extra] = args.positionals;
    if (!first) return new ArgumentError('"ack" needs an incident id, e.g. ack 123');
    if (extra.length > 0) return new ArgumentError('"ack" takes one incident id, e.g. ack 123');
    const id = /^#?(\d{1,18})$/.exec(first.text.trim());
    if (!id) return new ArgumentError(`an incident id is a number, e.g. ack 123 (got "${echo(first.text)}")`);
    return { kind: "ack", incidentId: id[1]! };
  },

  availability: statistics("availability"),
  latency: statistics("latency"),

  subscribe: (sub, tokens) => {
    const args = readArgs(sub, tokens, ["mention"], true);
    if (args instanceof ArgumentError) return args;
    let mention: Mention | undefined;
    const mentionFlag = args.flags.get("mention");
    if (mentionFlag) {
      const m = toMention(mentionFlag.value, "--mention");
      if (m instanceof ArgumentError) return m;
      mention = m;
    }
    for (const token of args.positionals) {
      if (isMentionWord(token)) {
        if (mention) return new ArgumentError("give one --mention");
        const m = toMention(token, "--mention");
        if (m instanceof ArgumentError) return m;
        mention = m;
        continue;
      }
      return new ArgumentError(
        `"subscribe" takes monitor:<name> and group:<name> filters (got "${echo(token.text)}"); e.g. subscribe monitor:"${echo(token.text)}"`,
      );
    }
    const command: Extract<Command, { kind: "subscribe" }> = {
      kind: "subscribe",
      monitors: unique(args.keyed.filter((k) => k.key === "monitor").map((k) => k.value)),
      groups: unique(args.keyed.filter((k) => k.key === "group").map((k) => k.value)),
    };
    if (mention) command.mention = mention;
    return command;
  },

  unsubscribe: (sub, tokens) => {
    const args = readArgs(sub, tokens, [], true);
    if (args instanceof ArgumentError) return args;
    let all = false;
    for (const token of args.positionals) {
      if (token.literal === token.text.length && token.text.toLowerCase() === "all") all = true;
      else {
        return new ArgumentError(
          `"unsubscribe" takes monitor:<name> and group:<name> filters or "all" (got "${echo(token.text)}")`,
        );
      }
    }
    const monitors = unique(args.keyed.filter((k) => k.key === "monitor").map((k) => k.value));
    const groups = unique(args.keyed.filter((k) => k.key === "group").map((k) => k.value));
    if (all && monitors.length + groups.length > 0) {
      return new ArgumentError('"unsubscribe all" takes no filters');
    }
    return { kind: "unsubscribe", all, monitors, groups };
  },
};

// ---------------------------------------------------------------------------------------------------------
// Entry points

const HELP_WORDS = new Set(["help", "?", "-h", "-?", "--help", "—help", "–help"]);

/** Parses the text after `/uptime`. Total: never throws; anything not understood gives `help` with an error. */
export function parseCommand(text: string): Command {
  const input = typeof text === "string" ? text : "";
  if (input.length > MAX_COMMAND_LENGTH) {
    return { kind: "help", error: `that is too long for a command (${input.length} characters)` };
  }
  const tokens = lex(input);
  const [head, ...rest] = tokens;
  if (!head) return { kind: "help" };
  const word = head.text.trim().toLowerCase();
  const sub = resolveSubcommand(word);
  if (HELP_WORDS.has(word) || sub === "help") return parseHelp(rest);
  if (!sub) return unknownCommand(head.text);
  if (rest.some((t) => asFlag(t)?.name === "help")) return { kind: "help", topic: sub };
  const result = PARSERS[sub](sub, rest);
  return result instanceof ArgumentError ? { kind: "help", topic: sub, error: result.message } : result;
}

function parseHelp(rest: readonly Token[]): Command {
  const [topic] = rest;
  if (!topic) return { kind: "help" };
  const sub = resolveSubcommand(topic.text);
  if (sub) return { kind: "help", topic: sub };
  const error = `there is no command "${echo(topic.text)}"${didYouMean(topic.text)}`;
  return { kind: "help", error };
}

function unknownCommand(word: string): Command {
  return { kind: "help", unknown: word, error: `unknown command "${echo(word)}"${didYouMean(word)}` };
}

const SUBCOMMAND_WORDS = SUBCOMMANDS.flatMap((info) =>
  [info.name, ...info.aliases].map((alias) => ({ id: info.name, name: alias })),
);

function didYouMean(word: string): string {
  if (word.length > 40) return "";
  const names = unique(closestMatches(word, SUBCOMMAND_WORDS, 3).map((m) => m.id));
  if (names.length === 0) return "";
  return `; did you mean ${names.map((n) => `"${n}"`).join(" or ")}?`;
}

// ---------------------------------------------------------------------------------------------------------
// Formatting (help examples, "run this instead", and the round-trip property of the tests)

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

function formatMention(mention: Mention): string {
  return mention.kind === "usergroup" ? `@${mention.handle}` : mention.kind;
}

function formatTarget(target: StatsTarget): string[] {
  if (target.kind === "monitor") return [quoteValue(target.monitor)];
  if (target.kind === "group") return [`group:${quoteValue(target.group)}`];
  return [];
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
    case "unmute":
      parts.push(quoteValue(command.monitor));
      break;
    case "incidents":
      if (command.openOnly) parts.push("open");
      if (command.page !== 1) parts.push("--page", String(command.page));
      break;
    case "ack":
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
      break;
    default:
      break;
  }
  return parts.join(" ");
}
