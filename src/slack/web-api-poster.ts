import { type FetchFunction, type Logger, WebClient, type WebClientOptions } from "@slack/web-api";
import { BoundedCache } from "../lib/bounded-cache";
import type { Clock } from "../lib/clock";
import { isConversationMember } from "./conversation-facts";
import { slackCall as call, SLACK_CALL_TIMEOUT_MS } from "./slack-call";
import type { SlackChannels } from "./slack-channels";
import { SlackApiError, SlackMessageGoneError, SlackTransientError } from "./slack-errors";
import type { PostMessageInput, SlackPoster, UnfurlInput, UpdateMessageInput } from "./slack-poster";
import { type UploadFileInput, uploadFile } from "./upload-file";

/** How far back (pages of 200) a metadata lookup reads: a crash window is seconds, not hours. */
const LOOKUP_PAGE_SIZE = 200;
const LOOKUP_MAX_PAGES = 5;

/** The display-name cache of a poster: users at most, and how long a name is reused. */
const MAX_NAMES = 10_000;
const NAME_TTL_MS = 60 * 60_000;

export interface AlertWebClientOptions {
  slackApiUrl?: string;
  logger?: Logger;
  /** Per call (ms); default SLACK_CALL_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Default the global fetch; the bot's times each call (src/observability/bot-metrics.ts). */
  fetch?: FetchFunction;
}

/**
 * WebClient exactly as alerts need it: its own retries OFF (a retried chat.postMessage duplicates the
 * post; docs/architecture.md section 5), 429s rejected instead of queued, so the outbox decides when to retry, and
 * every call timed out after 10 s (SLACK_ALERT_CALL_TIMEOUT_MS). A post that timed out may still have been posted: its attempt was
 * recorded first, so the retry looks the message up by metadata before posting again.
 */
export function alertWebClient(token: string, options: AlertWebClientOptions = {}) {
  const config: WebClientOptions = {
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: options.timeoutMs ?? SLACK_CALL_TIMEOUT_MS,
  };
  if (options.slackApiUrl) config.slackApiUrl = options.slackApiUrl;
  if (options.logger) config.logger = options.logger;
  if (options.fetch) config.fetch = options.fetch;
  return new WebClient(token, config);
}

interface HistoryMessage {
  ts?: string;
  metadata?: { event_type?: string; event_payload?: Record<string, unknown> };
}

/** Per-user refusals of conversations.invite: that user is skipped, the others are still invited. */
const SKIPPED_INVITE_ERRORS = new Set(["already_in_channel", "cant_invite_self"]);

/** SlackPoster (and the incident-channel calls) over @slack/web-api, its errors narrowed to slack-errors.ts. */
export class WebApiPoster implements SlackPoster, SlackChannels {
  /**
   * Display names seen. Bounded: with one bot token the poster lives as long as the process,
   * and every user who ever acknowledged an alert would stay; an hour also lets a new name show.
   */
  private readonly names: BoundedCache<string, string | null>;

  constructor(
    private readonly client: WebClient,
    options: { maxNames?: number; nameTtlMs?: number; clock?: Clock } = {},
  ) {
    this.names = new BoundedCache({
      maxEntries: options.maxNames ?? MAX_NAMES,
      ttlMs: options.nameTtlMs ?? NAME_TTL_MS,
      ...(options.clock ? { clock: options.clock } : {}),
    });
  }

  static fromToken(token: string, options: AlertWebClientOptions = {}): WebApiPoster {
    return new WebApiPoster(alertWebClient(token, options));
  }

  async postMessage(message: PostMessageInput): Promise<{ ts: string }> {
    const result = await call(() =>
      this.client.chat.postMessage({
        channel: message.channel,
        text: message.text,
        ...(message.blocks ? { blocks: message.blocks as never } : {}),
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...(message.thread_ts ? { thread_ts: message.thread_ts } : {}),
        // Slack's types allow reply_broadcast only with a thread_ts; the condition says the same.
        ...((message.thread_ts && message.reply_broadcast ? { reply_broadcast: true } : {}) as object),
        ...(message.metadata ? { metadata: message.metadata } : {}),
        // Alerts link to monitors: a preview of the monitored site would only add noise.
        unfurl_links: false,
        unfurl_media: false,
      }),
    );
    if (typeof result.ts !== "string")
      throw new SlackTransientError("no_ts_in_response", { reason: "response" });
    return { ts: result.ts };
  }

  async updateMessage(message: UpdateMessageInput): Promise<void> {
    await call(() =>
      this.client.chat.update({
        channel: message.channel,
        ts: message.ts,
        text: message.text,
        ...(message.blocks ? { blocks: message.blocks as never } : {}),
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...(message.metadata ? { metadata: message.metadata } : {}),
      }),
    );
  }

  async findMessageByMetadata(
    channel: string,
    eventType: string,
    matcher: (payload: Record<string, unknown>) => boolean,
    oldestTs: string,
    threadTs?: string,
  ): Promise<{ ts: string } | null> {
    let cursor: string | undefined;
    for (let page = 0; page < LOOKUP_MAX_PAGES; page++) {
      const args = {
        channel,
        oldest: oldestTs,
        limit: LOOKUP_PAGE_SIZE,
        include_all_metadata: true,
        ...(cursor ? { cursor } : {}),
      };
      const result = await call(() =>
        threadTs
          ? this.client.conversations.replies({ ...args, ts: threadTs })
          : this.client.conversations.history(args),
      );
      const messages = (result.messages ?? []) as HistoryMessage[];
      const found = messages.find(
        (m) =>
          m.metadata?.event_type === eventType &&
          m.metadata.event_payload !== undefined &&
          matcher(m.metadata.event_payload),
      );
      if (found?.ts) return { ts: found.ts };
      cursor = result.response_metadata?.next_cursor || undefined;
      if (!cursor) return null;
    }
    return null;
  }

  async postDirectMessage(userId: string, text: string): Promise<void> {
    // A user id as the channel posts to the app's DM with that user (the app's Messages tab).
    await call(() => this.client.chat.postMessage({ channel: userId, text }));
  }

  async userName(userId: string): Promise<string | null> {
    const kept = this.names.get(userId);
    if (kept !== undefined) return kept;
    try {
      const { user } = await this.client.users.info({ user: userId });
      const name = user?.profile?.display_name || user?.real_name || user?.name || null;
      this.names.set(userId, name);
      return name;
    } catch {
      // A name is a nicety: the reply says "in Slack" instead, and the next one asks again.
      return null;
    }
  }

  uploadFile(file: UploadFileInput): Promise<{ fileId: string }> {
    return uploadFile(this.client, file);
  }

  async unfurl(input: UnfurlInput): Promise<void> {
    await call(() =>
      this.client.chat.unfurl({ channel: input.channel, ts: input.ts, unfurls: input.unfurls }),
    );
  }

  isMember(channel: string, userId: string): Promise<boolean | null> {
    return isConversationMember(this.client, channel, userId);
  }

  async openDirectMessage(userId: string): Promise<string> {
    const result = await call(() => this.client.conversations.open({ users: userId }));
    const id = result.channel?.id;
    if (!id) throw new SlackTransientError("no_channel_in_response", { reason: "response" });
    return id;
  }

  async groupMembers(groupId: string): Promise<string[]> {
    const result = await call(() => this.client.usergroups.users.list({ usergroup: groupId }));
    return result.users ?? [];
  }

  async setUsergroupMembers(usergroup: string, users: readonly string[]): Promise<void> {
    await call(() => this.client.usergroups.users.update({ usergroup, users: users.join(",") }));
  }

  async deleteMessage(channel: string, ts: string): Promise<void> {
    try {
      await call(() => this.client.chat.delete({ channel, ts }));
    } catch (error) {
      if (!(error instanceof SlackMessageGoneError)) throw error;
    }
  }

  async pin(channel: string, ts: string): Promise<boolean> {
    try {
      await call(() => this.client.pins.add({ channel, timestamp: ts }));
      return true;
    } catch (error) {
      // A pin is a nicety: without the scope (or when the workspace forbids it) the board works unpinned.
      if (error instanceof SlackApiError && error.code === "already_pinned") return true;
      if (error instanceof SlackApiError) return false;
      throw error;
    }
  }

  async unpin(channel: string, ts: string): Promise<void> {
    try {
      await call(() => this.client.pins.remove({ channel, timestamp: ts }));
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
    }
  }

  async createChannel(name: string): Promise<{ id: string; name: string }> {
    const result = await call(() => this.client.conversations.create({ name, is_private: true }));
    const id = result.channel?.id;
    if (!id) throw new SlackTransientError("no_channel_in_response", { reason: "response" });
    return { id, name: result.channel?.name ?? name };
  }

  async inviteToChannel(channel: string, users: readonly string[]): Promise<void> {
    const unique = [...new Set(users)];
    if (unique.length === 0) return;
    try {
      await call(() => this.client.conversations.invite({ channel, users: unique.join(",") }));
      return;
    } catch (error) {
      // "Users who can be successfully invited ... will not be invited if any of the user invites fail"
      // (https://docs.slack.dev/reference/methods/conversations.invite): one at a time then, skipping theirs.
      if (!(error instanceof SlackApiError) || unique.length === 1) {
        if (error instanceof SlackApiError && SKIPPED_INVITE_ERRORS.has(error.code)) return;
        throw error;
      }
    }
    for (const user of unique) {
      try {
        await call(() => this.client.conversations.invite({ channel, users: user }));
      } catch (error) {
        if (!(error instanceof SlackApiError) || !SKIPPED_INVITE_ERRORS.has(error.code)) throw error;
      }
    }
  }

  async archiveChannel(channel: string): Promise<void> {
    try {
      await call(() => this.client.conversations.archive({ channel }));
    } catch (error) {
      if (!(error instanceof SlackApiError) || error.slackError !== "already_archived") throw error;
    }
  }
}
