/**
 * Who may change who gets alerted (docs/architecture.md section 1): the one role table. Every service that
 * subscribes, unsubscribes, mutes, plans a window, pings or opens an incident channel asks `mayChange` with
 * the caller's standing read from the API at that moment; README's "Who may change a channel's alerts" is
 * this table rendered (`roleTableMarkdown`, kept equal by a unit test).
 */

/**
 * Where the caller stands towards what a row is about: their role in the subscribed API team (A3: `owner`,
 * a regular member, `read-only`), or `outsider` (linked to no account of that team). For a row about an
 * incident channel, anyone in the channel is in it, whatever their role, and `outsider` is someone outside.
 */
export type Standing = "owner" | "member" | "read-only" | "outsider";
export const STANDINGS: readonly Standing[] = ["owner", "member", "read-only", "outsider"];

/** What a row needs: any member of the team, a member whose role is not read-only, or a channel member. */
export type Requirement = "team-member" | "writer" | "channel-member";

/**
 * The kind of change, for the sentences that do not depend on the row (not linked, token refused, not a
 * member, the API did not answer).
 */
export type AlertsChange =
  | "subscribe"
  | "unsubscribe"
  | "mute"
  | "unmute"
  | "digest"
  | "acknowledge"
  | "maintenance"
  | "incident-channel"
  | "page"
  | "oncall"
  | "incident-record"
  | "runbook"
  | "board";

export type AlertingAction =
  | "subscribe"
  | "replace-others"
  | "unsubscribe-own"
  | "unsubscribe-others"
  | "mute-short"
  | "mute-long"
  | "unmute"
  | "acknowledge-all"
  | "test-alert"
  | "digest-now"
  | "maintenance"
  | "mention-others"
  | "open-incident-channel"
  | "archive-incident-channel"
  | "answer-alert"
  | "page"
  | "oncall"
  | "add-note"
  | "write-postmortem"
  | "edit-runbooks"
  | "post-board";

export interface RoleRow {
  action: AlertingAction;
  change: AlertsChange;
  /** The row as README shows it. */
  what: string;
  needs: Requirement;
  /**
   * For a `writer` row: what a read-only member is told, `{team}` standing for the team's name, before
   * "Nothing changed" and who to ask.
   */
  readOnlyRefusal?: string;
  /** For a `writer` row: what the read-only member may do instead, when there is something. */
  instead?: string;
}

/** The longest mute a read-only member may set: long enough to work an outage, short of silencing it. */
export const SHORT_MUTE_MAX_MINUTES = 4 * 60;

export const ROLE_TABLE: readonly RoleRow[] = [
  {
    action: "subscribe",
    change: "subscribe",
    what: "Subscribe a channel (or your own DM) to a team's alerts",
    needs: "team-member",
  },
  {
    action: "replace-others",
    change: "subscribe",
    what: "Replace a subscription someone else set up (`subscribe` with the same filters)",
    needs: "writer",
    readOnlyRefusal:
      "Someone else set up this subscription, and read-only members of {team} can't replace it.",
    instead: "ask its subscriber",
  },
  {
    action: "unsubscribe-own",
    change: "unsubscribe",
    what: "Unsubscribe a subscription you set up",
    needs: "team-member",
  },
  {
    action: "unsubscribe-others",
    change: "unsubscribe",
    what: "Unsubscribe one someone else set up (`unsubscribe`, `unsubscribe all`)",
    needs: "writer",
    readOnlyRefusal:
      "Someone else set up this subscription, and read-only members of {team} can't remove it.",
    instead: "ask its subscriber",
  },
  {
    action: "mute-short",
    change: "mute",
    what: "Mute a monitor in a channel for up to 4 h (Mute 1 h or 4 h, Mute all, `mute <monitor> 2h`)",
    needs: "team-member",
  },
  {
    action: "mute-long",
    change: "mute",
    what: "Mute a monitor for longer than 4 h, or until it recovers",
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can mute a monitor here for up to 4 h, not longer or until it recovers.",
    instead: "mute it for 4 h or less",
  },
  {
    action: "unmute",
    change: "unmute",
    what: "Unmute a monitor",
    needs: "team-member",
  },
  {
    action: "acknowledge-all",
    change: "acknowledge",
    what: "Acknowledge all on a roll-up (the API then decides each incident)",
    needs: "team-member",
  },
  {
    action: "test-alert",
    change: "acknowledge",
    what: "Post a test alert in a subscribed channel (`test`) and acknowledge it",
    needs: "team-member",
  },
  {
    action: "digest-now",
    change: "digest",
    what: "Post the channel's digest now (`digest`)",
    needs: "team-member",
  },
  {
    action: "maintenance",
    change: "maintenance",
    what: "Plan or end a maintenance window (`maintenance`)",
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can't plan or end maintenance windows: a window quiets the channel's outage alerts.",
  },
  {
    action: "mention-others",
    change: "subscribe",
    what: "Ping `@here`, `@channel`, a user group or another person (`--mention`, `--escalate` steps)",
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can't make alerts ping `@here`, `@channel`, a user group or another person (`--mention`, `--escalate`).",
    instead: "leave the mention out or mention only yourself",
  },
  {
    action: "oncall",
    change: "oncall",
    what: "Set, override or turn off the channel's on-call rota (`oncall set`, `oncall override`, `oncall off`)",
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can't change this channel's on-call rota: alerts that ping `oncall` follow it.",
  },
  {
    action: "open-incident-channel",
    change: "incident-channel",
    what: "Open an incident channel from an alert or a roll-up",
    needs: "team-member",
  },
  {
    action: "archive-incident-channel",
    change: "incident-channel",
    what: "Archive an incident channel",
    needs: "channel-member",
  },
  {
    action: "answer-alert",
    change: "acknowledge",
    what: "Answer an alert's button that moves what it posts next (Still on it)",
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can't answer this alert's buttons, as they can't acknowledge its incident.",
  },
  {
    action: "page",
    change: "page",
    what: "Page people or a user group about an alert (Page..., `page`), as acknowledging needs",
    needs: "team-member",
  },
  {
    action: "add-note",
    change: "incident-record",
    what: "Add a note to an incident's timeline (Add to incident timeline, `note`)",
    // The role acknowledging needs: the API refuses a read-only member's acknowledge (403).
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can't add to an incident's timeline, as they can't acknowledge its incidents.",
  },
  {
    action: "write-postmortem",
    change: "incident-record",
    what: "Write or update an incident's postmortem canvas (Write postmortem, `postmortem`)",
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can't write an incident's postmortem, as they can't acknowledge its incidents.",
  },
  {
    action: "edit-runbooks",
    change: "runbook",
    what: "Add or remove a monitor's or group's runbook links (`runbook`)",
    needs: "writer",
    readOnlyRefusal:
      "Read-only members of {team} can't change runbook links: every alert of the monitor shows them.",
    instead: "list them with `/uptime runbook <monitor>`",
  },
  {
    action: "post-board",
    change: "board",
    what: "Post or remove the channel's live board (`board`)",
    needs: "team-member",
  },
];

const BY_ACTION = new Map(ROLE_TABLE.map((row) => [row.action, row]));

export function roleRow(action: AlertingAction): RoleRow {
  const row = BY_ACTION.get(action);
  if (!row) throw new Error(`no role table row for ${action}`);
  return row;
}

/** Who a requirement lets through, as README and the refusals say it. */
export const REQUIREMENT_TEXT: Record<Requirement, string> = {
  "team-member": "any member of the team, read-only too",
  writer: "a team owner or a regular member",
  "channel-member": "anyone in that channel",
};

export type Verdict = { allowed: true } | { allowed: false; needs: Requirement; message: string };

/** The table's answer for one action and one standing. */
export function mayChange(action: AlertingAction, standing: Standing): Verdict {
  const row = roleRow(action);
  const allowed =
    standing !== "outsider" && (row.needs !== "writer" || standing === "owner" || standing === "member");
  if (allowed) return { allowed: true };
  return {
    allowed: false,
    needs: row.needs,
    message: `${row.what}: only ${REQUIREMENT_TEXT[row.needs]} may.`,
  };
}

/**
 * The standing of a team member from the API's role (A3: only `owner` is shown on the wire; read-only is
 * named in prose, so any spelling of it counts, and every other role is a regular member); null: not one.
 */
export function standingOf(role: string | null | undefined): Standing {
  if (role === null || role === undefined) return "outsider";
  if (isReadOnly(role)) return "read-only";
  return role.toLowerCase() === "owner" ? "owner" : "member";
}

export function isReadOnly(role: string): boolean {
  return role.toLowerCase().replace(/[\s_-]/g, "") === "readonly";
}

/** Which mute row a duration falls in: up to SHORT_MUTE_MAX_MINUTES is short, longer or open-ended is not. */
export function muteAction(mute: { minutes: number } | "until-recovered"): AlertingAction {
  return mute !== "until-recovered" && mute.minutes <= SHORT_MUTE_MAX_MINUTES ? "mute-short" : "mute-long";
}

/**
 * Whether a subscription's mentions (its `--mention` and each `--escalate` step's) ping anyone but the
 * subscriber: `@here`, `@channel`, a user group or another person.
 */
export function mentionsOthers(
  mentions: readonly ({ kind: string; id?: string } | null | undefined)[],
  selfUserId: string,
): boolean {
  return mentions.some((m) => !!m && !(m.kind === "user" && m.id === selfUserId));
}

/** The table as README shows it: one row per action, a column per standing. */
export function roleTableMarkdown(): string {
  const head = ["What", "Who may", "Owner", "Regular member", "Read-only member", "Outsider"];
  const rows = ROLE_TABLE.map((row) => [
    row.what.replaceAll("|", "\\|"),
    REQUIREMENT_TEXT[row.needs],
    ...STANDINGS.map((s) => (mayChange(row.action, s).allowed ? "yes" : "no")),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}
