/** Every hook must be cheap and never throw. */
export type DeliveryOutcome =
  /** A new message was posted (root, thread reply, roll-up). */
  | "posted"
  /** An existing message was updated. */
  | "updated"
  /** Nothing to do: already shown, or a stale event. */
  | "unchanged"
  /** Filtered out, or the subscription is paused. */
  | "skipped"
  /** The monitor is muted in the channel: no new root. */
  | "muted"
  /** A permanent Slack error paused the subscription. */
  | "paused"
  /** A transient failure: the entry stays pending and is retried. */
  | "retry";

export interface AlertMetrics {
  /** One per (event, channel) outcome; an attempt that failed before its channels were known is one "retry". */
  delivery(outcome: DeliveryOutcome): void;
  /** Seconds from the incident's start to its root message being posted. */
  deliveryLatency(seconds: number): void;
  /** Seconds an outbox entry waited before a worker read it (from its stream id). */
  outboxLag(seconds: number): void;
  /** An outbox entry moved to the dead-letter stream: unreadable, or out of attempts. */
  deadLetter(reason: "unreadable" | "attempts"): void;
}

export const noopAlertMetrics: AlertMetrics = {
  delivery: () => {},
  deliveryLatency: () => {},
  outboxLag: () => {},
  deadLetter: () => {},
};

// --- poll side (src/alerts/engine/poll/poll-once.ts, poll-worker.ts) ---

/** Why a poll failed: every kind emits no events (a third-party outage must not raise false alarms). */
export type PollErrorKind =
  /** 401: the token was revoked; the target's subscriptions are paused. */
  | "unauthorized"
  /** 403/404 on the team: the token's user no longer sees the team. */
  | "no_access"
  /** The subscriber's link (and so the token) is gone. */
  | "no_token"
  /** 429: the token group cools down until Retry-After. */
  | "rate_limited"
  | "server"
  | "network"
  | "timeout"
  /** A 2xx answer that is not the document the reference describes. */
  | "decode"
  /** Any other 4xx. */
  | "client"
  /** The target's name or meta is unusable. */
  | "meta"
  /** The stored poll state did not decode: the target is baselined again (not a failed poll). */
  | "state"
  /** Redis refused or failed the commit. */
  | "commit"
  | "internal";

export type PollOutcome =
  /** Only the checks were read: nothing changed. */
  | "quiet"
  /** Incidents were read and diffed (with or without events). */
  | "diffed"
  /** The first poll of a target: no events, the open incidents go to onBaseline. */
  | "baseline"
  | "failed"
  /** The commit was refused: the lease had passed and another worker took the target. */
  | "stale";

/** Hooks the pollers call; every function must be cheap and never throw. */
export interface PollMetrics {
  poll(outcome: PollOutcome): void;
  pollError(kind: PollErrorKind): void;
  /** One per committed event. */
  alertEvent(type: "opened" | "acknowledged" | "resolved"): void;
  /** A stale commit: another worker took over this target after its lease passed. */
  leaseTakeover(): void;
}

export const noopPollMetrics: PollMetrics = {
  poll: () => {},
  pollError: () => {},
  alertEvent: () => {},
  leaseTakeover: () => {},
};
