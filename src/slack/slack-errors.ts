import {
  isPermanentSlackError,
  PERMANENT_SLACK_ERRORS,
  type PermanentSlackErrorCode,
} from "../domain/pause-reasons";

// One typed family for everything that can go wrong in a call to Slack's Web API, like the API client's
// (src/uptime/errors.ts). A caller never reads the SDK's error: slackErrorOf (slack-call.ts) narrows it
// once, where the call is made, and callers switch on `kind` and on `slackError`, both literal unions, so
// that a new Slack error the bot acts on breaks the build wherever it must be decided. This file imports no
// @slack/* package: the services may read these classes without knowing Slack's SDK.

// One list with the subscribe reply and the pause path (src/lib/pause-reasons.ts).
export { isPermanentSlackError, PERMANENT_SLACK_ERRORS, type PermanentSlackErrorCode };

/** The message to update is gone (deleted by someone) or can no longer be edited. */
export const GONE_MESSAGE_ERRORS = [
  "message_not_found",
  "cant_update_message",
  "edit_window_closed",
] as const;
export type GoneMessageErrorCode = (typeof GONE_MESSAGE_ERRORS)[number];

/**
 * Refusals of the incident-channel calls the bot acts on: a taken name gets a suffix, an invitee
 * already in the channel (or the bot itself) is skipped, an archived channel stays archived.
 */
export const INCIDENT_CHANNEL_ERRORS = [
  "name_taken",
  "already_in_channel",
  "cant_invite_self",
  "already_archived",
] as const;

/**
 * Slack's error codes that the bot acts on, each for a reason: the permanent ones pause a subscription or
 * refuse a subscribe, a gone message is redrawn no more, and `hash_conflict` (views.update with a `hash`)
 * means a second click already redrew the modal. Any other code is "other": Slack refused, for a reason
 * no caller tells apart (its own code is still in `code`, for the log and for the user to quote).
 */
export const KNOWN_SLACK_ERRORS = [
  ...PERMANENT_SLACK_ERRORS,
  ...GONE_MESSAGE_ERRORS,
  ...INCIDENT_CHANNEL_ERRORS,
  "hash_conflict",
] as const;
export type KnownSlackError = (typeof KNOWN_SLACK_ERRORS)[number];
export type SlackErrorCode = KnownSlackError | "other";

/** What went wrong, one literal per class (the subclasses of SlackApiError are refusals too). */
export type SlackErrorKind = "slack.refused" | "slack.rate-limited" | "slack.transient";

/** Base class of every error a Slack call is narrowed to. */
export abstract class SlackError extends Error {
  override readonly name: string = "SlackError";
  abstract readonly kind: SlackErrorKind;
  /** Slack's error code as sent, or what went wrong (`http_502`, `request_error`): for logs. */
  abstract readonly code: string;
}

/** Slack answered the call with `ok: false` and an error code (the SDK's platform error). */
export class SlackApiError extends SlackError {
  override readonly name: string = "SlackApiError";
  readonly kind = "slack.refused";
  /** The code narrowed to those the bot acts on: what callers switch on. */
  readonly slackError: SlackErrorCode;

  constructor(
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`Slack refused the call: ${code}`, options);
    this.slackError = (KNOWN_SLACK_ERRORS as readonly string[]).includes(code)
      ? (code as KnownSlackError)
      : "other";
  }
}

/** A refusal that no retry fixes: the channel or the installation must change first. */
export class SlackPermanentError extends SlackApiError {
  override readonly name: string = "SlackPermanentError";
  declare readonly code: PermanentSlackErrorCode;
  declare readonly slackError: PermanentSlackErrorCode;

  constructor(code: PermanentSlackErrorCode, options?: { cause?: unknown }) {
    super(code, options);
  }
}

/** The message to update is gone (deleted by someone) or can no longer be edited. */
export class SlackMessageGoneError extends SlackApiError {
  override readonly name: string = "SlackMessageGoneError";
  declare readonly code: GoneMessageErrorCode;
  declare readonly slackError: GoneMessageErrorCode;

  constructor(code: GoneMessageErrorCode, options?: { cause?: unknown }) {
    super(code, options);
  }
}

/** Slack answered 429: nothing was done; try again after `retryAfterSeconds`. */
export class SlackRateLimitedError extends SlackError {
  override readonly name: string = "SlackRateLimitedError";
  readonly kind = "slack.rate-limited";
  readonly code = "ratelimited";
  constructor(readonly retryAfterSeconds: number) {
    super(`Slack rate limited the call; retry after ${retryAfterSeconds} s`);
  }
}

/**
 * Why a call failed without Slack's refusal: `http` (Slack answered a non-2xx status) and `network` (no
 * answer: refused connection, timeout) may have been carried out all the same; `response` is an answer
 * without what it should hold; `other` is anything else thrown by the client.
 */
export type SlackTransientReason = "http" | "network" | "response" | "other";

/** Anything else (5xx, network, an answer missing its fields): worth retrying later. */
export class SlackTransientError extends SlackError {
  override readonly name: string = "SlackTransientError";
  readonly kind = "slack.transient";
  readonly reason: SlackTransientReason;

  constructor(
    readonly code: string,
    options?: { cause?: unknown; reason?: SlackTransientReason },
  ) {
    super(`Slack call failed: ${code}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.reason = options?.reason ?? "other";
  }

  /** Slack may have carried the call out before it failed: a post may be in the channel. */
  get mayHaveHappened(): boolean {
    return this.reason === "http" || this.reason === "network";
  }
}

/** Every error a Slack call is narrowed to: `kind` tells them apart. */
export type SlackFailure = SlackApiError | SlackRateLimitedError | SlackTransientError;

/** What a renderer shows of a refusal: the narrowed code to switch on and Slack's own code to quote. */
export type SlackRefusal = Pick<SlackApiError, "slackError" | "code">;

/** The typed refusal for a Slack error code (as Web API platform errors carry it). */
export function slackErrorFor(code: string, options?: { cause?: unknown }): SlackApiError {
  if (isPermanentSlackError(code)) return new SlackPermanentError(code, options);
  if ((GONE_MESSAGE_ERRORS as readonly string[]).includes(code))
    return new SlackMessageGoneError(code as GoneMessageErrorCode, options);
  return new SlackApiError(code, options);
}
