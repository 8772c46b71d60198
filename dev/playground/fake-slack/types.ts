import type { Clock } from "../../../src/lib/clock";

export interface FakeUserSeed {
  id: string;
  name: string;
  realName: string;
  isAdmin?: boolean;
  /**
   * The person's workspace inside the enterprise (Enterprise Grid): their slash commands carry it as
   * `team_id`. Default: the fake's own `teamId`.
   */
  teamId?: string;
  /** Deactivated by an admin (member-events.ts): users.info answers `deleted: true`. */
  deleted?: boolean;
  /** A workspace owner (users.info `is_owner`, https://docs.slack.dev/reference/objects/user-object). */
  isOwner?: boolean;
}

export interface FakeChannelSeed {
  id: string;
  name: string;
  isPrivate?: boolean;
  isArchived?: boolean;
  /**
   * Shared with another organization (Slack Connect): conversations.info says `is_shared` and
   * `is_ext_shared` ("part of a Shared Channel with a remote organization",
   * https://docs.slack.dev/reference/objects/conversation-object), and its events `is_ext_shared_channel`.
   */
  isExtShared?: boolean;
  /** Include the bot user id to have the bot in the channel. */
  members: string[];
}

export interface FakeUsergroupSeed {
  id: string;
  handle: string;
  name: string;
  users: string[];
}

export interface FakeSlackOptions {
  /** Free port by default. */
  port?: number;
  host?: string;
  signingSecret: string;
  botToken?: string;
  appToken?: string;
  /** The bot's HTTP endpoint, e.g. http://127.0.0.1:3000/slack/events (can be set later with setAppUrl). */
  appUrl?: string;
  teamId?: string;
  enterpriseId?: string;
  /**
   * The app is installed org-wide on `enterpriseId` (an Enterprise Grid org-wide install): every payload
   * says `is_enterprise_install: true`, as Slack's do for such an app
   * (https://api.slack.com/enterprise/apps/reference). Needs `enterpriseId`.
   */
  enterpriseInstall?: boolean;
  teamDomain?: string;
  botUserId?: string;
  botId?: string;
  appId?: string;
  users?: FakeUserSeed[];
  channels?: FakeChannelSeed[];
  /** Channels added to the default ones (when `channels` is unset): a test's own, with a clean history. */
  extraChannels?: FakeChannelSeed[];
  usergroups?: FakeUsergroupSeed[];
  /**
   * The app's manifest the fake enforces (scopes, Messages tab): a path, or the parsed object. Default: the
   * repository's manifest.yml.
   */
  manifest?: string | Record<string, unknown>;
  /** Slack's rate limits (rate-tiers.ts); false turns them off (load benches). Default on. */
  rateLimits?: boolean;
  /** chat.postMessage per channel; over it -> HTTP 429 + Retry-After. Default 1 (Slack's "1 per second"). */
  channelRateLimitPerSecond?: number;
  /** Messages a channel may take at once before the per-second rate applies (Slack allows short bursts). */
  channelRateLimitBurst?: number;
  /** How long the sender waits for the bot's ack; Slack waits 3 s. */
  ackTimeoutMs?: number;
  clock?: Clock;
}

/** Options with every default applied. */
export interface FakeSlackConfig {
  signingSecret: string;
  botToken: string;
  appToken: string;
  teamId: string;
  enterpriseId: string | undefined;
  isEnterpriseInstall: boolean;
  teamDomain: string;
  botUserId: string;
  botId: string;
  appId: string;
  botName: string;
  ackTimeoutMs: number;
  clock: Clock;
}

export interface MessageMetadata {
  event_type: string;
  event_payload: Record<string, unknown>;
}

export interface SlackFileObject {
  id: string;
  created: number;
  timestamp: number;
  name: string;
  title: string;
  mimetype: string;
  filetype: string;
  pretty_type: string;
  user: string;
  size: number;
  url_private: string;
  url_private_download: string;
  permalink: string;
  is_public: boolean;
  channels: string[];
  groups: string[];
  ims: string[];
}

/** A message as Slack returns it (conversations.history, chat.postMessage, block_actions payloads). */
export interface SlackMessage {
  type: "message";
  ts: string;
  user?: string;
  bot_id?: string;
  app_id?: string;
  subtype?: string;
  text: string;
  team?: string;
  blocks?: unknown[];
  attachments?: unknown[];
  metadata?: MessageMetadata;
  thread_ts?: string;
  parent_user_id?: string;
  reply_count?: number;
  reply_users_count?: number;
  reply_users?: string[];
  latest_reply?: string;
  edited?: { user: string; ts: string };
  files?: SlackFileObject[];
  upload?: boolean;
}

/** What the fake keeps per message: the Slack shape plus flags Slack does not echo back. */
export interface StoredMessage extends SlackMessage {
  channel: string;
  reply_broadcast?: boolean;
  unfurl_links?: boolean;
  unfurl_media?: boolean;
  /**
   * The app's unfurls of this message's links (chat.unfurl), by URL: "the valid unfurls attachments you
   * provide will be attached to the message. Subsequent attempts ... will modify the same attachments"
   * (https://docs.slack.dev/reference/methods/chat.unfurl). The demo page shows them under the message.
   */
  app_unfurls?: Record<string, unknown>;
}

/** Links of one message (or composer) the app was told of with link_shared: what chat.unfurl may unfurl. */
export interface SharedLinks {
  unfurlId: string;
  source: "conversations_history" | "composer";
  channel: string;
  messageTs: string;
  urls: readonly string[];
}

/** One run of a custom workflow step (function_executed), and how the app completed it. */
export interface FunctionExecution {
  id: string;
  callbackId: string;
  /** The run's own bot token (`bot_access_token` of the event). */
  token: string;
  /**
   * Every workflow token of the run (the event's, and each one a click on a message of the run brought)
   * -> when it was issued (fake clock, ms): each lasts 15 minutes, and all end with the run.
   */
  tokens: Map<string, number>;
  inputs: Record<string, unknown>;
  state: "running" | "completed" | "failed";
  outputs?: Record<string, unknown>;
  error?: string;
}

export interface Conversation {
  id: string;
  name: string;
  isPrivate: boolean;
  isArchived: boolean;
  isIm: boolean;
  isMpim: boolean;
  /** Shared with another organization (Slack Connect); see FakeChannelSeed. */
  isExtShared?: boolean;
  /** The other user of a DM. */
  imUser?: string;
  created: number;
  members: string[];
  /** Every message of the conversation, thread replies included, ordered by ts. */
  messages: StoredMessage[];
}

export type EphemeralSource = "chat.postEphemeral" | "response_url" | "command_response";

export interface EphemeralMessage {
  channel: string;
  user: string;
  ts: string;
  text: string;
  blocks?: unknown[];
  attachments?: unknown[];
  thread_ts?: string;
  source: EphemeralSource;
}

export interface PlainText {
  type: "plain_text";
  text: string;
  emoji?: boolean;
}

export interface ViewStateValues {
  [blockId: string]: { [actionId: string]: Record<string, unknown> };
}

export interface SlackView {
  id: string;
  team_id: string;
  type: "modal" | "home";
  title?: PlainText;
  close?: PlainText | null;
  submit?: PlainText | null;
  blocks: unknown[];
  private_metadata: string;
  callback_id: string;
  external_id: string;
  state: { values: ViewStateValues };
  hash: string;
  clear_on_close: boolean;
  notify_on_close: boolean;
  submit_disabled?: boolean;
  root_view_id: string | null;
  previous_view_id: string | null;
  app_id: string;
  app_installed_team_id: string;
  bot_id: string;
}

export interface StoredFile {
  id: string;
  filename: string;
  title: string;
  length: number;
  altText?: string;
  snippetType?: string;
  content?: Buffer;
  uploaded: boolean;
  completed: boolean;
  /** When files.completeUploadExternal finished (ms); Slack processes a file for a moment after that. */
  completedAt?: number;
  created: number;
  channels: string[];
}

export interface ApiCallRecord {
  method: string;
  /** Arguments as received (JSON strings decoded by the handler are left as sent); the token is left out. */
  args: Record<string, unknown>;
  at: number;
  status: number;
  result: Record<string, unknown>;
  /** How long a fault window held the call before it was handled (ms); absent when it was not held. */
  stalledMs?: number;
}

export interface ResponseUrlPost {
  id: string;
  at: number;
  body: Record<string, unknown>;
  status: number;
  error?: string;
}

export type FakeSlackChange =
  | { kind: "conversation"; channel: string; ts?: string }
  | { kind: "ephemeral"; channel: string; user: string }
  | { kind: "view"; user: string; viewId: string }
  | { kind: "home"; user: string; viewId: string }
  | { kind: "file"; fileId: string }
  | { kind: "response_url"; id: string }
  | { kind: "function"; id: string };

/**
 * A queued failure. `{ status: 500, afterProcessing: true }` is Slack doing the work (the message is
 * posted) and the answer being lost: what a client that retries turns into a duplicate.
 */
export type ApiFailure =
  | { error: string }
  | { status: 429; retryAfter: number }
  | { status: 500; afterProcessing?: boolean };

export type Via = "http" | "socket";

/** A canvas as the fake keeps it: its markdown as last written, and who was given access. */
export interface FakeCanvas {
  id: string;
  title: string;
  markdown: string;
  /** The channel it is tabbed in (canvases.create `channel_id`), if any. */
  tabbedIn?: string;
  /** channel or user id -> access level (canvases.access.set). */
  access: Map<string, "read" | "write" | "owner">;
  edits: number;
}
