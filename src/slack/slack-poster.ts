import type { MessageAttachment } from "@slack/types";
import {
  isPermanentSlackError,
  PERMANENT_SLACK_ERRORS,
  type PermanentSlackErrorCode,
} from "../domain/pause-reasons";
import type { WorkspaceRef } from "../store/workspace";

/**
 * The narrow slice of Slack the alert pipeline uses (DESIGN.md section 2: alerts use a poster interface,
 * not Bolt). Implementations never retry a post by themselves: a retried chat.postMessage may post twice,
 * so every retry decision belongs to the delivery worker, which records attempts first.
 */
export interface SlackPoster {
  postMessage(message: PostMessageInput): Promise<{ ts: string }>;
  updateMessage(message: UpdateMessageInput): Promise<void>;
  /**
   * The newest message of this app in `channel` (or in the thread `threadTs`) since `oldestTs` whose
   * metadata has `eventType` and a payload the matcher accepts; null when none.
   */
  findMessageByMetadata(
    channel: string,
    eventType: string,
    matcher: (payload: Record<string, unknown>) => boolean,
    oldestTs: string,
    threadTs?: string,
  ): Promise<{ ts: string } | null>;
  /** A direct message from the app to a user (the app's Messages tab). */
  postDirectMessage(userId: string, text: string): Promise<void>;
  /**
   * Uploads a file with Slack's external flow (files.getUploadURLExternal, POST, files.completeUploadExternal)
   * and shares it to `channel`, in the thread `threadTs` when given, so that the channel's members may see it
   * (a `slack_file` shows only to people with access to the file). Resolves with the file id.
   */
  uploadFile(file: UploadFileInput): Promise<{ fileId: string }>;
  /** A user's display name (users.info), to name someone without mentioning them; null when unknown. */
  userName(userId: string): Promise<string | null>;
}

export interface UploadFileInput {
  channel: string;
  threadTs?: string;
  filename: string;
  title: string;
  altText: string;
  bytes: Buffer;
}

export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, string | number | boolean>;
}

export interface PostMessageInput {
  channel: string;
  text: string;
  blocks?: unknown[];
  attachments?: MessageAttachment[];
  thread_ts?: string;
  /** A thread reply also shown in the channel (an escalation; never a recovery). */
  reply_broadcast?: boolean;
  metadata?: MessageMetadata;
}

export interface UpdateMessageInput {
  channel: string;
  ts: string;
  text: string;
  blocks?: unknown[];
  attachments?: MessageAttachment[];
  metadata?: MessageMetadata;
}

/** Each workspace's poster (its own bot token in a multi-workspace install). */
export type PosterFor = (workspace: WorkspaceRef) => SlackPoster | Promise<SlackPoster>;

/** Slack answered 429: nothing was posted; try again after `retryAfterSeconds`. */
export class SlackRateLimitedError extends Error {
  override name = "SlackRateLimitedError";
  constructor(readonly retryAfterSeconds: number) {
    super(`Slack rate limited the call; retry after ${retryAfterSeconds} s`);
  }
}

// One list with the subscribe reply and the pause path (src/domain/pause-reasons.ts).
export { isPermanentSlackError, PERMANENT_SLACK_ERRORS, type PermanentSlackErrorCode };

export class SlackPermanentError extends Error {
  override name = "SlackPermanentError";
  constructor(readonly code: PermanentSlackErrorCode) {
    super(`Slack refused the call: ${code}`);
  }
}

/** The message to update is gone (deleted by someone) or can no longer be edited. */
export const GONE_MESSAGE_ERRORS = [
  "message_not_found",
  "cant_update_message",
  "edit_window_closed",
] as const;

export class SlackMessageGoneError extends Error {
  override name = "SlackMessageGoneError";
  constructor(readonly code: string) {
    super(`the Slack message can no longer be updated: ${code}`);
  }
}

/** Anything else (5xx, network, unknown error codes): worth retrying later. */
export class SlackTransientError extends Error {
  override name = "SlackTransientError";
  constructor(
    readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(`Slack call failed: ${code}`, options);
  }
}

/** The typed error for a Slack error code (as Web API platform errors carry it). */
export function slackErrorFor(code: string): Error {
  if (isPermanentSlackError(code)) return new SlackPermanentError(code);
  if ((GONE_MESSAGE_ERRORS as readonly string[]).includes(code)) return new SlackMessageGoneError(code);
  return new SlackTransientError(code);
}
