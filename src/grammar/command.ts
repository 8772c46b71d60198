import type { SubscriptionOptionValues } from "../domain/subscription-options";
/** What `/uptime` text means once parsed: the commands and the values their arguments may take. */

import type { DigestCadence } from "../domain/digest-cadences";
import type { SlowRule } from "../domain/slow-rule";

export const MONITOR_STATES = ["up", "down", "paused", "pending"] as const;
/** The values of `monitors --state` (the API's own filter, uptime/resources/teams.ts, differs). */
export type StateChoice = (typeof MONITOR_STATES)[number];

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

/**
 * Who an alert pings. A usergroup typed as `@oncall` has no id; Slack's escaped form carries it. A person
 * arrives only escaped (`<@U123|name>`, manifest.yml `should_escape`): typed as text, `@name` is read as a
 * usergroup handle.
 */
export type MentionArgument =
  | { kind: "here" }
  | { kind: "channel" }
  | { kind: "usergroup"; handle: string; id?: string }
  | { kind: "user"; id: string; name?: string }
  /** The person on call in the channel's rota at the moment of the post (`oncall set`). */
  | { kind: "oncall" };

/** One `--escalate` step: minutes after the incident opened, and whom it pings (else the `--mention`). */
export interface EscalationStepArgument {
  minutes: number;
  mention?: MentionArgument;
}

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
  | {
      kind: "monitors";
      text?: string;
      state?: StateChoice;
      group?: string;
      sort?: SortKey[];
      page: number;
    }
  | { kind: "monitor"; monitor: string }
  | { kind: "incidents"; openOnly: boolean; page: number }
  | { kind: "incident"; incidentId: string }
  | { kind: "ack"; incidentId: string }
  | { kind: "availability"; target: StatsTarget; period: Period }
  | { kind: "latency"; target: StatsTarget; period: Period }
  | { kind: "checks" }
  | { kind: "locations" }
  | { kind: "channels" }
  | { kind: "create" }
  | { kind: "pause"; monitor: string }
  | { kind: "resume"; monitor: string }
  | { kind: "delete"; monitor: string }
  | { kind: "edit"; monitor: string }
  | {
      kind: "subscribe";
      monitors: string[];
      groups: string[];
      mention?: MentionArgument;
      /** `--storm <N>`: more than N incidents of the team within a minute roll up (default 5). */
      storm?: number;
      /** `--flap <N>/<M>m`: N incidents of one monitor within M minutes mark it flapping (default 3/15m). */
      flap?: { count: number; windowMinutes: number };
      /** `--digest daily|weekly`: the channel's digest at 09:00 (Mondays for weekly), subscriber's time zone. */
      digest?: DigestCadence;
      /** `--escalate <N>m`: an incident unacknowledged N minutes after it opened pings the channel again. */
      escalateMinutes?: number;
      /** The options the alert kinds declare (domain/subscription-options.ts), parsed, by flag. */
      options?: SubscriptionOptionValues;
      /**
       * `--escalate 5m,15m:@leads`: several steps, or a step that names its own mention; absent for the one
       * plain step of `--escalate <N>m` (escalateMinutes alone). escalateMinutes is then the first step's.
       */
      escalateSteps?: EscalationStepArgument[];
      /** `--slow <T>[/<N>]`: N checks in a row slower than T ms post a slow alert (N defaults to 3). */
      slow?: SlowRule;
    }
  /** `all` removes every subscription of the channel; otherwise the one whose filters are exactly these. */
  | { kind: "unsubscribe"; all: boolean; monitors: string[]; groups: string[] }
  | { kind: "subscriptions" }
  /** `test`: a sample outage of one of the channel's monitors, marked TEST, green a minute later. */
  | { kind: "test" }
  /** `digest [daily|weekly]`: the channel's digest of the last day or week, posted now. */
  | { kind: "digest"; cadence?: DigestCadence }
  | { kind: "unmute"; monitor: string }
  /** `mute <monitor> <duration | until-recovered>`: no new alert for the monitor in this channel. */
  | { kind: "mute"; monitor: string; duration: MuteDuration }
  | MaintenanceCommand
  | PageCommand
  | OncallCommand
  /** `note <incident id> <text>`: a line on the incident's timeline, kept by the bot (the API has none). */
  | { kind: "note"; incidentId: string; text: string }
  /** `postmortem <incident id>`: the incident's postmortem canvas, made once and updated after. */
  | { kind: "postmortem"; incidentId: string }
  | RunbookCommand
  | BoardCommand;

/** Whose runbooks, as typed: a monitor (name or id) or `group:<name>`. */
export type RunbookTargetArgument = { kind: "monitor"; monitor: string } | { kind: "group"; group: string };

/** `runbook`: list a monitor's or group's runbook links, add one (https only), or remove the n-th. */
export type RunbookCommand =
  | { kind: "runbook"; action: "list"; target: RunbookTargetArgument }
  | { kind: "runbook"; action: "add"; target: RunbookTargetArgument; url: string; label?: string }
  | { kind: "runbook"; action: "remove"; target: RunbookTargetArgument; n: number };

/** `board [group:<name>]` posts (or moves) the channel's live board; `board off` removes it. */
export type BoardCommand =
  | { kind: "board"; action: "post"; group?: string }
  | { kind: "board"; action: "off" };

/** How long a typed mute lasts: minutes, or until the monitor's open incident recovers. */
export type MuteDuration = { kind: "minutes"; minutes: number } | { kind: "until-recovered" };

/** What a planned quiet window covers, as typed: a monitor (name or id), a group, or every monitor. */
export type MaintenanceTarget =
  | { kind: "monitor"; monitor: string }
  | { kind: "group"; group: string }
  | { kind: "all" };

/** `maintenance`: list this channel's windows, plan one, or end one early. */
export type MaintenanceCommand =
  | { kind: "maintenance"; action: "list" }
  | {
      kind: "maintenance";
      action: "plan";
      target: MaintenanceTarget;
      minutes: number;
      /** `--at HH:MM`: the next such time in the planner's Slack time zone; absent: now. */
      at?: { hour: number; minute: number };
      reason?: string;
      /** `--team <id|name>`: whose monitors, in a channel that gets alerts of more than one API team. */
      team?: string;
    }
  | { kind: "maintenance"; action: "end"; id: string };

/** Whom a page reaches: a person (Slack sends their id), or a user group by id or by its typed handle. */
export type PageTarget =
  | { kind: "user"; id: string }
  | { kind: "usergroup"; id?: string; handle: string }
  /** Whoever is on call in the channel's rota when the page is sent (`/uptime oncall`). */
  | { kind: "oncall" };

/** `page <monitor|incident-id> <@person|@group>... [-- message]`: pull people into an incident now. */
export interface PageCommand {
  kind: "page";
  /** A number (123, #123) is an incident id; anything else a monitor, whose open alert here is paged about. */
  about: { incidentId: string } | { monitor: string };
  targets: PageTarget[];
  message?: string;
}

/** `oncall`: show the channel's rota, set it, override it for a while, or turn it off. */
export type OncallCommand =
  | { kind: "oncall"; action: "show" }
  | {
      kind: "oncall";
      action: "set";
      /** Slack user ids, in turn order. */
      people: string[];
      everyDays: number;
      /** `--at "Mon 09:00"` in the setter's Slack time zone; a weekday only for rotas in whole weeks. */
      at: { weekday?: number; hour: number; minute: number };
      /** `--group @uptime-oncall`: the user group kept equal to the person on call. */
      group?: { handle: string; id?: string };
    }
  | { kind: "oncall"; action: "override"; user: string; minutes: number }
  | { kind: "oncall"; action: "off" };

export type SubcommandName = Command["kind"];
