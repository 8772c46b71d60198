import type { MessageAttachment } from "@slack/types";
import type { WorkspaceRef } from "../domain/workspace-ref";
import type { UploadFileInput } from "./upload-file";

export type { UploadFileInput } from "./upload-file";

/**
 * The narrow slice of Slack the alert pipeline uses (docs/architecture.md section 2: alerts use a poster interface,
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
  /** Uploads a file and shares it to `channel` (upload-file.ts, the bot's one upload). Resolves with its id. */
  uploadFile(file: UploadFileInput): Promise<{ fileId: string }>;
  /** A user's display name (users.info), to name someone without mentioning them; null when unknown. */
  userName(userId: string): Promise<string | null>;
  /**
   * chat.unfurl on a message that already has this app's unfurl: Slack replaces the card (link unfurls'
   * refresh, src/listeners/refresh-unfurls.ts). Optional: only the Web API poster draws unfurls.
   */
  unfurl?(input: UnfurlInput): Promise<void>;
  /**
   * Whether a person is still a member of a channel (conversations.members); null when Slack does not say.
   * Optional: only the Web API poster asks (an unfurl refresh stops once its poster left).
   */
  isMember?(channel: string, userId: string): Promise<boolean | null>;
  /**
   * The id of the app's DM with a person (conversations.open, im:write), so that a DM can be looked up by
   * its metadata like any post. Optional: without it a DM is posted to the user id.
   */
  openDirectMessage?(userId: string): Promise<string>;
  /** The members of a user group (usergroups.users.list, usergroups:read). Optional, like isMember. */
  groupMembers?(groupId: string): Promise<string[]>;
  /**
   * Makes a user group's members exactly `users` (usergroups.users.update, scope usergroups:write): an
   * on-call rota's `--group`. Optional: only the Web API poster changes user groups.
   */
  setUsergroupMembers?(usergroup: string, users: readonly string[]): Promise<void>;
  /** chat.delete of one of the app's messages; a message already gone is not an error. */
  deleteMessage?(channel: string, ts: string): Promise<void>;
  /** pins.add: false when Slack refuses it (no `pins:write`, not allowed): the message stays, unpinned. */
  pin?(channel: string, ts: string): Promise<boolean>;
  /** pins.remove: a pin already gone, or a refusal, is no error (the message is about to go anyway). */
  unpin?(channel: string, ts: string): Promise<void>;
}

export interface UnfurlInput {
  channel: string;
  ts: string;
  /** URL as it appeared in the message -> its card (chat.unfurl `unfurls`). */
  unfurls: Record<string, MessageAttachment>;
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

// The typed errors of a Slack call live in slack-errors.ts; the alert pipeline reads them from here too.
export {
  GONE_MESSAGE_ERRORS,
  isPermanentSlackError,
  PERMANENT_SLACK_ERRORS,
  type PermanentSlackErrorCode,
  SlackMessageGoneError,
  SlackPermanentError,
  SlackRateLimitedError,
  SlackTransientError,
  slackErrorFor,
} from "./slack-errors";
