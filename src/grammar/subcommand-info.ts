import type { SubcommandName } from "./command";

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
    name: "incident",
    aliases: [],
    usage: "incident <id>",
    example: "incident 123",
    summary: "one incident: monitor, reason, times and its timeline",
  },
  {
    name: "incidents",
    aliases: ["inc"],
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
    name: "edit",
    aliases: [],
    usage: "edit <monitor>",
    example: "edit api-eu",
    summary: "change a monitor, in the create form filled with it",
  },
  {
    name: "delete",
    aliases: ["remove"],
    usage: "delete <monitor>",
    example: "delete api-eu",
    summary: "delete a monitor, after a confirmation",
  },
  {
    name: "subscribe",
    aliases: ["sub"],
    usage:
      "subscribe [monitor:<name>]... [group:<name>]... [--mention here|channel|@group|@person] [--storm <N>] [--flap <N>/<M>m] [--digest daily|weekly] [--escalate <N>m[:<mention>],...] [--slow <T>s[/<N>]]",
    example: "subscribe group:Edge --mention @oncall",
    // Personal alerts: App Home, since the app's Messages tab is read-only (manifest.yml).
    summary: "alerts in this channel (personal ones, in your DM: in App Home → Your alerts)",
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
    name: "digest",
    aliases: [],
    usage: "digest [daily|weekly]",
    example: "digest weekly",
    summary: "this channel's digest now: availability, incidents, MTTA and MTTR",
  },
  {
    name: "unmute",
    aliases: [],
    usage: "unmute <monitor>",
    example: "unmute api-eu",
    summary: "alerts again for a muted monitor",
  },
  {
    name: "mute",
    aliases: ["snooze"],
    usage: "mute <monitor> <duration|until-recovered>",
    example: "mute api-eu until-recovered",
    summary: "no new alerts for a monitor in this channel, for a while or until it recovers",
  },
  {
    name: "maintenance",
    aliases: ["maint"],
    usage:
      "maintenance [<monitor>|group:<name>|all <duration> [--at HH:MM] [--team <id|name>] [--reason <text>]] | end <id>",
    example: "maintenance group:Edge 2h --at 22:00 --reason database upgrade",
    summary: "plan a quiet window in this channel; list or end them",
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
