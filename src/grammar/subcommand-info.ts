import { subscriptionOptionsUsage } from "../domain/subscription-options";
import type { SubcommandName } from "./command";

/** The help's and README's groups, in their order. */
export const SUBCOMMAND_GROUPS = ["accounts", "queries", "changes", "alerts"] as const;
export type SubcommandGroup = (typeof SUBCOMMAND_GROUPS)[number];

export interface SubcommandInfo {
  name: SubcommandName;
  group: SubcommandGroup;
  /** Other words for it, each listed in the help and README. */
  aliases: readonly string[];
  usage: string;
  example: string;
  summary: string;
}

/** Every subcommand with what `help` shows; the order is the order of the help text. */
export const SUBCOMMANDS: readonly SubcommandInfo[] = [
  {
    name: "help",
    group: "accounts",
    aliases: ["?", "-h", "--help"],
    usage: "help [command]",
    example: "help monitors",
    summary: "this help",
  },
  {
    name: "login",
    group: "accounts",
    aliases: ["link"],
    usage: "login",
    example: "login",
    summary: "link your Slack account to your API token",
  },
  {
    name: "logout",
    group: "accounts",
    aliases: ["unlink"],
    usage: "logout",
    example: "logout",
    summary: "forget your token",
  },
  {
    name: "whoami",
    group: "accounts",
    aliases: ["me"],
    usage: "whoami",
    example: "whoami",
    summary: "your linked API user",
  },
  {
    name: "team",
    group: "accounts",
    aliases: ["teams"],
    usage: "team [id or name]",
    example: "team Acme",
    summary: "show or choose the active team",
  },
  {
    name: "status",
    group: "queries",
    aliases: [],
    usage: "status",
    example: "status",
    summary: "what is up, down and open",
  },
  {
    name: "monitors",
    group: "queries",
    aliases: ["list", "ls"],
    usage: "monitors [text] [--state up|down|paused|pending] [--group G] [--sort -name] [--page N]",
    example: "monitors api --state down",
    summary: "list monitors",
  },
  {
    name: "monitor",
    group: "queries",
    aliases: ["mon"],
    usage: "monitor <name or id>",
    example: 'monitor "API gateway"',
    summary: "one monitor in detail",
  },
  {
    name: "incident",
    group: "queries",
    aliases: [],
    usage: "incident <id>",
    example: "incident 123",
    summary: "one incident: monitor, reason, times and its timeline",
  },
  {
    name: "incidents",
    group: "queries",
    aliases: ["inc"],
    usage: "incidents [open] [--page N]",
    example: "incidents open",
    summary: "list incidents",
  },
  {
    name: "ack",
    group: "changes",
    aliases: ["acknowledge"],
    usage: "ack <incident id>",
    example: "ack 123",
    summary: "acknowledge an incident",
  },
  {
    name: "availability",
    group: "queries",
    aliases: ["avail", "uptime"],
    usage: "availability [monitor | group:<name>] [24h|30d]",
    example: "availability group:Edge 30d",
    summary: "availability per hour or day",
  },
  {
    name: "latency",
    group: "queries",
    aliases: ["lat"],
    usage: "latency [monitor | group:<name>] [24h|30d]",
    example: 'latency "API gateway"',
    summary: "response times",
  },
  {
    name: "checks",
    group: "queries",
    aliases: ["check"],
    usage: "checks",
    example: "checks",
    summary: "the latest checks",
  },
  {
    name: "locations",
    group: "queries",
    aliases: ["location"],
    usage: "locations",
    example: "locations",
    summary: "checking locations",
  },
  {
    name: "channels",
    group: "queries",
    aliases: ["alert-channels"],
    usage: "channels",
    example: "channels",
    // Not Slack channels: the API's channels are the service's own media for its alerts.
    summary: "the team's alert channels in the Uptime service (SMS, e-mail, phone; not Slack channels)",
  },
  {
    name: "create",
    group: "changes",
    aliases: ["new", "add"],
    usage: "create",
    example: "create",
    summary: "create a monitor",
  },
  {
    name: "pause",
    group: "changes",
    aliases: ["disable"],
    usage: "pause <monitor>",
    example: "pause api-eu",
    summary: "pause a monitor",
  },
  {
    name: "resume",
    group: "changes",
    aliases: ["enable", "unpause"],
    usage: "resume <monitor>",
    example: "resume api-eu",
    summary: "resume a monitor",
  },
  {
    name: "edit",
    group: "changes",
    aliases: [],
    usage: "edit <monitor>",
    example: "edit api-eu",
    summary: "change a monitor, in the create form filled with it",
  },
  {
    name: "delete",
    group: "changes",
    aliases: ["remove"],
    usage: "delete <monitor>",
    example: "delete api-eu",
    summary: "delete a monitor, after a confirmation",
  },
  {
    name: "subscribe",
    group: "alerts",
    aliases: ["sub"],
    // The alert kinds' own options follow, read when help is shown: the kinds declare them when they load.
    get usage() {
      return `subscribe [monitor:<name>]... [group:<name>]... [--mention here|channel|oncall|@group|@person] [--storm <N>] [--flap <N>/<M>m] [--digest daily|weekly] [--escalate <N>m[:<mention>],...] [--slow <T>s[/<N>]]${subscriptionOptionsUsage()}`;
    },
    example: "subscribe group:Edge --mention @oncall",
    // Personal alerts: App Home, since the app's Messages tab is read-only (manifest.yml).
    summary: "alerts in this channel (personal ones, in your DM: in App Home → Your alerts)",
  },
  {
    name: "unsubscribe",
    group: "alerts",
    aliases: ["unsub"],
    usage: "unsubscribe [monitor:<name>]... [group:<name>]... | all",
    example: "unsubscribe all",
    summary: "stop alerts in this channel",
  },
  {
    name: "subscriptions",
    group: "alerts",
    aliases: ["subs"],
    usage: "subscriptions",
    example: "subscriptions",
    summary: "this channel's subscriptions",
  },
  {
    name: "test",
    group: "alerts",
    aliases: [],
    usage: "test",
    example: "test",
    summary: "a sample outage alert here, marked TEST, green by itself after a minute",
  },
  {
    name: "digest",
    group: "alerts",
    aliases: [],
    usage: "digest [daily|weekly]",
    example: "digest weekly",
    summary: "this channel's digest now: availability, incidents, MTTA and MTTR",
  },
  {
    name: "unmute",
    group: "alerts",
    aliases: [],
    usage: "unmute <monitor>",
    example: "unmute api-eu",
    summary: "alerts again for a muted monitor",
  },
  {
    name: "mute",
    group: "alerts",
    aliases: ["snooze"],
    usage: "mute <monitor> <duration|until-recovered>",
    example: "mute api-eu until-recovered",
    summary: "no new alerts for a monitor in this channel, for a while or until it recovers",
  },
  {
    name: "maintenance",
    group: "alerts",
    aliases: ["maint"],
    usage:
      "maintenance [<monitor>|group:<name>|all <duration> [--at HH:MM] [--team <id|name>] [--reason <text>]] | end <id>",
    example: "maintenance group:Edge 2h --at 22:00 --reason database upgrade",
    summary: "plan a quiet window in this channel; list or end them",
  },
  {
    name: "page",
    group: "alerts",
    aliases: [],
    usage: "page <monitor|incident id> <@person|@group|oncall>... [-- <message>]",
    example: "page api-eu @rita @db-oncall -- the primary is gone",
    summary: "pull people into an open outage now: a line in its thread and a DM each, with Acknowledge",
  },
  {
    name: "oncall",
    group: "alerts",
    aliases: [],
    usage:
      'oncall [set @person... [--every 1d..4w] [--at "Mon 09:00"] [--group @group] | override @person <duration> | off]',
    // People arrive escaped by Slack's autocomplete (`<@U123|ana>`): a typed example can only show the rota.
    example: "oncall",
    summary: "this channel's on-call rota: who is on call now and next; set, override or turn it off",
  },
  {
    name: "note",
    group: "alerts",
    aliases: [],
    usage: "note <incident id> <text>",
    example: "note 123 rolled back the 14:02 deploy",
    summary:
      "add a line to an incident's timeline (or, on any message, the shortcut Add to incident timeline)",
  },
  {
    name: "postmortem",
    group: "alerts",
    aliases: ["pm"],
    usage: "postmortem <incident id>",
    example: "postmortem 123",
    summary:
      "a canvas in this channel with the incident's timeline, notes and availability; run again to update it",
  },
  {
    name: "runbook",
    group: "alerts",
    aliases: ["runbooks"],
    usage: "runbook <monitor>|group:<name> [<https-url> [label]] | remove <monitor>|group:<name> <n>",
    example: "runbook api-eu https://wiki.example.com/runbooks/api On-call guide",
    summary: "runbook links (up to 3) shown as buttons on the alerts of a monitor or group",
  },
  {
    name: "board",
    group: "alerts",
    aliases: [],
    usage: "board [group:<name>] | off",
    example: "board group:Edge",
    summary: "one live message (pinned) of what is down, slow, paused, muted or quiet here",
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
