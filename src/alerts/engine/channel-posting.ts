import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { Clock } from "../../lib/clock";
import type { Logger } from "../../lib/logger";
import {
  type MessageMetadata,
  type PostMessageInput,
  SlackMessageGoneError,
  SlackPermanentError,
  type SlackPoster,
  SlackRateLimitedError,
} from "../../slack/slack-poster";
import { POST_SETTLE_MS } from "../../slack/slack-timeouts";
import type { ChannelLock, PostAttempt } from "../../store/alert-message-store";
import type { ChannelRateLimiter } from "../../store/channel-rate-limiter";
import type { Subscription } from "../../store/subscription-store";
import { lookupOldestTs } from "./alert-metadata";

/** 0 once an attempt not found by its metadata can no longer land, or when Slack answered it (a 429). */
export function settleWaitMs(
  attempt: { at: number; answered?: boolean | undefined },
  now: number,
  settleMs: number = POST_SETTLE_MS,
): number {
  return attempt.answered ? 0 : Math.max(0, attempt.at + settleMs - now);
}

export class ChannelBusyError extends Error {
  override name = "ChannelBusyError";
}

export interface ChannelCtx {
  ws: WorkspaceRef;
  channel: string;
  poster: SlackPoster;
  lock: ChannelLock;
  /** The outbox event (or click) this step answers: it goes into the metadata of what is posted. */
  eventId: string;
  /** Aborted at stop(): every wait (Retry-After, lock, posting slot) ends, and the event is retried later. */
  signal?: AbortSignal;
}

export interface DeliveryCtx extends ChannelCtx {
  sub: Subscription;
}

/** Posts one message once: a recorded attempt is looked up by metadata before posting again. */
export interface PostOnceStep {
  attempt: PostAttempt | undefined;
  eventType: string;
  matcher: (payload: Record<string, unknown>) => boolean;
  threadTs?: string;
  saveAttempt: (attempt: PostAttempt) => Promise<void>;
  message: PostMessageInput & { metadata: MessageMetadata };
}

export interface ChannelPostingDeps {
  rateLimiter: Pick<ChannelRateLimiter, "reserve">;
  clock: Clock;
  logger: Logger;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  lockTtlMs: number;
  /** 429 answers waited out (Retry-After) within one delivery before leaving the event for later. */
  maxRateLimitWaits: number;
  postSettleMs?: number | undefined;
}

/** Every wait extends the channel's lock first, so a long wait never lets another worker in. */
export class ChannelPosting {
  constructor(private readonly d: ChannelPostingDeps) {}

  /** A recorded attempt without a ts may have posted: it is looked up by metadata first (`posted` false). */
  async postOnce(ctx: ChannelCtx, step: PostOnceStep): Promise<{ ts: string; posted: boolean }> {
    if (step.attempt) {
      const oldest = lookupOldestTs(step.attempt.at);
      const lookUp = () =>
        this.withRateLimit(ctx, () =>
          ctx.poster.findMessageByMetadata(ctx.channel, step.eventType, step.matcher, oldest, step.threadTs),
        );
      let found = await lookUp();
      // Slack can carry out a call after the client gave up on it (a timeout, a lost connection): an earlier
      // attempt not found yet may still land. Post again only once it no longer can, or it lands twice.
      const settleMs = settleWaitMs(step.attempt, this.d.clock.now(), this.d.postSettleMs);
      if (!found && settleMs > 0) {
        await this.keepLock(ctx, settleMs);
        await this.d.sleep(settleMs, ctx.signal);
        found = await lookUp();
      }
      if (found) return { ts: found.ts, posted: false };
    }
    await this.waitForSlot(ctx);
    // Recorded right before the call, after any wait: an attempt on record is one that may have posted.
    const attempt: PostAttempt = { eventId: ctx.eventId, at: this.d.clock.now() };
    await step.saveAttempt(attempt);
    try {
      const { ts } = await this.withRateLimit(ctx, () => ctx.poster.postMessage(step.message));
      return { ts, posted: true };
    } catch (error) {
      // Slack refused the post: nothing was posted, and the next try need not wait for it to land.
      if (error instanceof SlackRateLimitedError || error instanceof SlackPermanentError) {
        await step.saveAttempt({ ...attempt, answered: true });
      }
      throw error;
    }
  }

  async update(ctx: ChannelCtx, message: Parameters<SlackPoster["updateMessage"]>[0]): Promise<void> {
    try {
      await this.withRateLimit(ctx, () => ctx.poster.updateMessage(message));
    } catch (error) {
      // Someone deleted the message: there is nothing left to update, and reposting would surprise.
      if (!(error instanceof SlackMessageGoneError)) throw error;
      this.d.logger.info({ channel: ctx.channel, ts: message.ts, code: error.code }, "alert message is gone");
    }
  }

  async waitForSlot(ctx: ChannelCtx): Promise<void> {
    const delay = await this.d.rateLimiter.reserve(ctx.ws, ctx.channel);
    if (delay <= 0) return;
    await this.keepLock(ctx, delay);
    await this.d.sleep(delay, ctx.signal);
  }

  /** Waits out 429s (Retry-After) a few times; a 429 means nothing was posted, so retrying cannot duplicate. */
  async withRateLimit<T>(ctx: ChannelCtx, call: () => Promise<T>): Promise<T> {
    for (let waited = 0; ; waited++) {
      try {
        return await call();
      } catch (error) {
        if (!(error instanceof SlackRateLimitedError) || waited >= this.d.maxRateLimitWaits) throw error;
        const delay = Math.max(0, error.retryAfterSeconds) * 1000;
        await this.keepLock(ctx, delay);
        await this.d.sleep(delay, ctx.signal);
      }
    }
  }

  private async keepLock(ctx: ChannelCtx, extraMs: number): Promise<void> {
    if (!(await ctx.lock.extend(this.d.lockTtlMs + extraMs))) {
      throw new ChannelBusyError(`lost the lock of channel ${ctx.channel}`);
    }
  }
}
