/**
 * The grammar of `/uptime`: the product's own language, so a layer of its own that
 * listeners, services and ui read (not a utility in lib/). parseCommand is pure and total: any text gives a
 * Command; what it does not understand gives `{ kind: "help", error }` saying exactly what was wrong. It
 * never throws.
 *
 * Files by job: tokenize.ts (words, quotes, Slack escapes), read-args.ts (options, filters, values),
 * parsers/ (one file per group of subcommands), subcommand-info.ts (help data), parse-command.ts (entry),
 * format-command.ts (the way back to text).
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
 *   subscribe   [monitor:<name>]... [group:<name>]... [--mention here|channel|@usergroup|@person]
 *               [--escalate <N>m[:<mention>][,<N>m[:<mention>]]...]
 *   unsubscribe [monitor:<name>]... [group:<name>]...    (the subscription with exactly these filters)
 *   unsubscribe all                                        (every subscription of the channel)
 *   unmute <monitor>                                       (lifts the monitor's mute in this channel)
 *   page <monitor|incident id> <@person|@group>... [-- <message>]   (a lone -- starts the page's line)
 *   note <incident id> <text>                              (every word after the id is the text)
 *   postmortem <incident id>                               (the incident's canvas, made or updated)
 *
 * Words are separated by any Unicode space. A value with spaces is quoted: "API gateway", 'API gateway',
 * “API gateway” (phones type smart quotes); a quote opens only at the start of a word or right after
 * `key:` / `--flag=`, so apostrophes (Bob's API) stay literal, and a quoted word is never a keyword or flag.
 * Flags take `--flag value` or `--flag=value`; "—flag" (iOS turns -- into an em dash) counts as "--flag".
 *
 * Input is the text as Slack sends it: `&`, `<`, `>` arrive as `&amp;`, `&lt;`, `&gt;`, and with "escape
 * channels, users and links" on, mentions and links arrive as `<!here>`, `<!channel>`,
 * `<!subteam^S0123|@oncall>`, `<@U0123|ann>`, `<https://x.io|x.io>`. Both the escaped and the raw form (`@here`, `@oncall`,
 * `x.io`) are understood; a link stands for the text the user typed (its label).
 */
export {
  type Command,
  type EscalationStepArgument,
  MAX_COMMAND_LENGTH,
  MAX_PAGE,
  type MaintenanceTarget,
  type MentionArgument,
  MONITOR_STATES,
  type MuteDuration,
  type PageCommand,
  type PageTarget,
  PERIODS,
  type Period,
  type RunbookTargetArgument,
  SORT_KEYS,
  type SortKey,
  type StateChoice,
  type StatsTarget,
  type SubcommandName,
} from "./command";
export { formatCommand, quoteValue } from "./format-command";
export { parseCommand } from "./parse-command";
export { parseDuration } from "./parsers/quiet";
export {
  resolveSubcommand,
  SUBCOMMAND_GROUPS,
  SUBCOMMANDS,
  type SubcommandGroup,
  type SubcommandInfo,
} from "./subcommand-info";
