import type { Clock } from "../../../src/lib/clock";
import { RateLimiter } from "./rate-limiter";

/**
 * Slack's Web API rate tiers (https://docs.slack.dev/apis/web-api/rate-limits), applied "per API method per
 * app per workspace": Tier 2 "20+ per minute", Tier 3 "50+ per minute", Tier 4 "100+ per minute", each
 * allowing bursts. The "+" makes the number a floor: the fake refuses only beyond it, and lets a minute's
 * worth come at once (the bursts). Methods not listed here are not limited by the fake.
 */
export const TIER_PER_MINUTE = { tier2: 20, tier3: 50, tier4: 100 } as const;

/** Each method's tier, from its reference page (https://docs.slack.dev/reference/methods/<method>, "Rate Limits"). */
export const METHOD_TIERS: Readonly<Record<string, keyof typeof TIER_PER_MINUTE>> = {
  "conversations.history": "tier3",
  "conversations.info": "tier3",
  "users.info": "tier4",
  "usergroups.list": "tier2",
  "usergroups.users.list": "tier2",
  "usergroups.users.update": "tier2",
  "conversations.create": "tier2",
  "conversations.invite": "tier3",
  "conversations.archive": "tier2",
  "views.open": "tier4",
  "files.completeUploadExternal": "tier4",
};

/**
 * chat.postMessage is in the special tier: "Posting messages: 1 per second. Short bursts >1 allowed"
 * (https://docs.slack.dev/apis/web-api/rate-limits), per channel. Slack does not say how long a burst may be:
 * 5 is our choice, enough for the bot's several-posts-at-once moments (an alert and its escalation, a storm's
 * roll-up, each paced by the bot's own per-channel slots) and still a limit a flood hits in a few seconds.
 */
export const POST_MESSAGE_PER_SECOND = 1;
export const POST_MESSAGE_BURST = 5;

export interface RateTierOptions {
  /** false: no limits at all (load benches). */
  enabled?: boolean;
  /** chat.postMessage per channel (default POST_MESSAGE_PER_SECOND, POST_MESSAGE_BURST). */
  postMessagePerSecond?: number;
  postMessageBurst?: number;
}

/** The limits in force: `take` answers 0 when a call may proceed, else the Retry-After seconds. */
export class RateTiers {
  readonly postMessage: RateLimiter | undefined;
  private readonly methods: RateLimiter | undefined;
  private readonly perMinute = new Map<string, number>();

  constructor(clock: Clock, options: RateTierOptions = {}) {
    const enabled = options.enabled !== false;
    const perSecond = options.postMessagePerSecond ?? POST_MESSAGE_PER_SECOND;
    this.postMessage = enabled
      ? new RateLimiter(perSecond, options.postMessageBurst ?? POST_MESSAGE_BURST, clock)
      : undefined;
    // One limiter whose buckets are per method: each refills at its tier's rate up to a minute's worth.
    this.methods = enabled ? new RateLimiter(1, 1, clock) : undefined;
    for (const [method, tier] of Object.entries(METHOD_TIERS))
      this.perMinute.set(method, TIER_PER_MINUTE[tier]);
  }

  /** The Retry-After seconds for a call of `method` now (0: go ahead), for the methods of METHOD_TIERS. */
  takeMethod(method: string): number {
    const perMinute = this.perMinute.get(method);
    if (perMinute === undefined || !this.methods) return 0;
    return this.methods.take(method, { perSecond: perMinute / 60, burst: perMinute });
  }

  /** chat.postMessage in one channel. */
  takePost(channel: string): number {
    return this.postMessage?.take(channel) ?? 0;
  }
}
