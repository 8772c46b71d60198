import { type AlertingAction, type AlertsChange, roleRow } from "../domain/alerting-roles";
import type { UptimeFailure } from "../uptime/errors";

/**
 * Errors of the use cases. Each carries a literal `code` so that the one mapping to user text
 * (src/ui/error-text.ts) can switch on it exhaustively without importing this module at run time.
 */
export type ServiceErrorCode =
  | "service.not-linked"
  | "service.stale-link"
  | "service.request-refused"
  | "service.invalid-token"
  | "service.no-team"
  | "service.monitor-not-found"
  | "service.group-not-found"
  | "service.alerts-change-not-allowed"
  | "service.read-only-role"
  | "service.not-muted"
  | "service.api-budget"
  | "service.maintenance-not-found"
  | "service.maintenance-team-choice"
  | "service.not-subscribed-here"
  | "service.nothing-to-recover"
  | "service.page-refused"
  | "service.not-in-active-team";

export abstract class ServiceError extends Error {
  override readonly name: string = "ServiceError";
  abstract readonly code: ServiceErrorCode;
}

/** The Slack user has not linked an Uptime API token yet. */
export class NotLinkedError extends ServiceError {
  override readonly name: string = "NotLinkedError";
  readonly code = "service.not-linked";
  constructor() {
    super("This Slack user has not linked an Uptime account");
  }
}

/**
 * The stored token is refused: `GET /users/me` confirmed a 401 (token-refusal.ts), or no key opens it. The
 * link is kept but marked stale until the user links again.
 */
export class StaleLinkError extends ServiceError {
  override readonly name: string = "StaleLinkError";
  readonly code = "service.stale-link";
  constructor() {
    super("The linked Uptime token is no longer accepted");
  }
}

/**
 * The API answered 401 to one request, but `GET /users/me` still accepts the token: a suspicion, not a
 * verdict (token-refusal.ts). The person stays linked and is asked to try again.
 */
export class RequestRefusedError extends ServiceError {
  override readonly name: string = "RequestRefusedError";
  readonly code = "service.request-refused";
  constructor() {
    super("The Uptime API refused this request (401) but still accepts the token");
  }
}

/** A token pasted into the login modal was refused by GET /users/me. */
export class InvalidTokenError extends ServiceError {
  override readonly name: string = "InvalidTokenError";
  readonly code = "service.invalid-token";
  constructor(readonly reason: "rejected" | "empty" | "malformed") {
    super(`The token was ${reason}`);
  }
}

/** The user belongs to no API team (or the chosen one is gone). */
export class NoTeamError extends ServiceError {
  override readonly name: string = "NoTeamError";
  readonly code = "service.no-team";
  constructor(readonly query?: string) {
    super(query ? `No team matches "${query}"` : "The linked user belongs to no team");
  }
}

/** A monitor name or id given by the user matched nothing; `suggestions` are the closest names. */
export class MonitorNotFoundError extends ServiceError {
  override readonly name: string = "MonitorNotFoundError";
  readonly code = "service.monitor-not-found";
  constructor(
    readonly query: string,
    readonly suggestions: readonly string[],
  ) {
    super(`No monitor matches "${query}"`);
  }
}

/** A group name given by the user matched nothing. */
export class GroupNotFoundError extends ServiceError {
  override readonly name: string = "GroupNotFoundError";
  readonly code = "service.group-not-found";
  constructor(
    readonly query: string,
    readonly suggestions: readonly string[],
  ) {
    super(`No group matches "${query}"`);
  }
}

/**
 * The kind of change of a channel's alerts (the role table's rows, src/domain/alerting-roles.ts, each name
 * one); `acknowledge` is a roll-up's Acknowledge all.
 */
export type { AlertsChange };

/**
 * The caller may not change this channel's alerts: not linked, link stale, not a member of the API team
 * the alerts come from, or `unchecked`: the API could not tell their membership and role just now, and a
 * change is never made on an old answer. `teamName` is that team's name when known.
 */
export class AlertsChangeNotAllowedError extends ServiceError {
  override readonly name: string = "AlertsChangeNotAllowedError";
  readonly code = "service.alerts-change-not-allowed";
  constructor(
    readonly change: AlertsChange,
    readonly reason: "not_linked" | "stale" | "not_member" | "not_in_channel" | "unchecked",
    readonly teamName: string | null,
  ) {
    super(`Changing the channel's alerts (${change}) needs a linked member of the team (${reason})`);
  }
}

/**
 * A read-only member asked for a row of the role table that needs a team owner or a regular member
 * (src/domain/alerting-roles.ts): the row says what they are told.
 */
export class ReadOnlyRoleError extends ServiceError {
  override readonly name: string = "ReadOnlyRoleError";
  readonly code = "service.read-only-role";
  constructor(
    readonly action: AlertingAction,
    readonly teamName: string | null,
  ) {
    super(`A read-only member cannot: ${roleRow(action).what}`);
  }
}

/** `/uptime unmute <monitor>` named no monitor muted in this channel; `suggestions` are the muted ones. */
export class NotMutedError extends ServiceError {
  override readonly name: string = "NotMutedError";
  readonly code = "service.not-muted";
  constructor(
    readonly query: string,
    readonly suggestions: readonly string[],
  ) {
    super(`No monitor muted in this channel matches "${query}"`);
  }
}
/**
 * The interactive share of the caller's API token is used up for longer than a command waits
 * (docs/architecture.md section 10, A12): the rest of the API's limit is kept for their polls, so the
 * command is not sent; `waitMs` is how long until it could be.
 */
export class ApiBudgetError extends ServiceError {
  override readonly name: string = "ApiBudgetError";
  readonly code = "service.api-budget";
  constructor(readonly waitMs: number) {
    super(`The interactive share of this token's API rate limit is used up for ${waitMs} ms`);
  }
}

/** `/uptime maintenance end <id>` named no window of this channel that is planned or going on. */
export class MaintenanceNotFoundError extends ServiceError {
  override readonly name: string = "MaintenanceNotFoundError";
  readonly code = "service.maintenance-not-found";
  constructor(
    readonly id: string,
    /** The ids of the channel's windows, to choose from. */
    readonly ids: readonly string[],
  ) {
    super(`No maintenance window "${id}" in this channel`);
  }
}

/**
 * A quiet window (or a test alert: `for` says which) was asked for in a channel with no alert subscription:
 * there is nothing to quiet, nor anything to test.
 */
export class NotSubscribedHereError extends ServiceError {
  override readonly name: string = "NotSubscribedHereError";
  readonly code = "service.not-subscribed-here";
  constructor(readonly asked: "quiet" | "test" = "quiet") {
    super("This channel has no alert subscription");
  }
}

/**
 * A window was asked for in a channel that gets alerts of more than one API team without `--team`, or with
 * a `--team` that is none of them: a window quiets one team's monitors, so the planner says which.
 */
export class MaintenanceTeamChoiceError extends ServiceError {
  override readonly name: string = "MaintenanceTeamChoiceError";
  readonly code = "service.maintenance-team-choice";
  constructor(
    /** The API teams this channel is subscribed to: id, and the name where the planner may see it. */
    readonly teams: readonly { id: string; name: string | null }[],
    /** What `--team` said, when it matched none of them. */
    readonly asked: string | null,
  ) {
    super(asked === null ? "Which team's monitors does the window quiet?" : `No team "${asked}" here`);
  }
}

/** `mute <monitor> until-recovered` for a monitor with no outage alerted in this channel. */
export class NothingToRecoverError extends ServiceError {
  override readonly name: string = "NothingToRecoverError";
  readonly code = "service.nothing-to-recover";
  constructor(readonly monitorName: string) {
    super(`${monitorName} has no open outage alerted in this channel`);
  }
}

/**
 * A workflow step named a monitor or incident by id that the runner can read, but in another of their
 * teams than the active one: steps act in the active team only, as a command does.
 */
export class NotInActiveTeamError extends ServiceError {
  override readonly name: string = "NotInActiveTeamError";
  readonly code = "service.not-in-active-team";
  constructor(
    readonly what: "monitor" | "incident",
    readonly id: string,
    readonly activeTeamName: string,
  ) {
    super(`The ${what} ${id} is not in the active team ${activeTeamName}`);
  }
}

/** Why a page was not sent: nothing of it was posted. */
export type PageRefusal =
  | { reason: "no-alert-here"; incidentId: string }
  | { reason: "no-open-outage"; monitorName: string }
  | { reason: "ended"; incidentId: string }
  | { reason: "nobody" }
  | { reason: "too-many"; max: number }
  | { reason: "unknown-target"; names: string[] }
  | { reason: "no-rota" };

/** Page now could not page anyone: an incident with no alert here, one that ended, nobody named. */
export class PageRefusedError extends ServiceError {
  override readonly name: string = "PageRefusedError";
  readonly code = "service.page-refused";
  constructor(readonly refusal: PageRefusal) {
    super(`page refused: ${refusal.reason}`);
  }
}

/** Every error a use case may end in that has a sentence for the user: the service's own and the API's. */
export type KnownError =
  | NotLinkedError
  | StaleLinkError
  | RequestRefusedError
  | InvalidTokenError
  | NoTeamError
  | MonitorNotFoundError
  | MaintenanceTeamChoiceError
  | GroupNotFoundError
  | AlertsChangeNotAllowedError
  | ReadOnlyRoleError
  | NotMutedError
  | ApiBudgetError
  | MaintenanceNotFoundError
  | NotSubscribedHereError
  | NothingToRecoverError
  | PageRefusedError
  | NotInActiveTeamError
  | UptimeFailure;

/** The one union of error codes (service and API); ui/error-text.ts handles each of them. */
export type ErrorCode = KnownError["code"];
