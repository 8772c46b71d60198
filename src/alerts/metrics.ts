/** Delivery and poll hooks: every one must be cheap and never throw. */
export type DeliveryOutcome = "posted" | "updated" | "unchanged" | "skipped" | "muted" | "paused" | "retry";

export interface AlertMetrics {
  /** One per (event, channel) outcome; an attempt that failed before its channels were known is one "retry". */
  delivery(outcome: DeliveryOutcome): void;
  deliveryLatency(seconds: number): void;
  outboxLag(seconds: number): void;
  deadLetter(reason: "unreadable" | "attempts"): void;
}

export const noopAlertMetrics: AlertMetrics = {
  delivery: () => {},
  deliveryLatency: () => {},
  outboxLag: () => {},
  deadLetter: () => {},
};

/** Every failed poll emits no events: a third-party outage must not raise false alarms. */
export type PollErrorKind =
  | "unauthorized"
  | "no_access"
  | "no_token"
  | "rate_limited"
  | "server"
  | "network"
  | "timeout"
  /** A 2xx answer that is not the document the reference describes. */
  | "decode"
  | "client"
  | "meta"
  /** The stored poll state did not decode: the target is baselined again (not a failed poll). */
  | "state"
  | "commit"
  | "internal";

export type PollOutcome = "quiet" | "diffed" | "baseline" | "failed" | "stale";

export interface PollMetrics {
  poll(outcome: PollOutcome): void;
  pollError(kind: PollErrorKind): void;
  alertEvent(type: "opened" | "acknowledged" | "resolved"): void;
  leaseTakeover(): void;
}

export const noopPollMetrics: PollMetrics = {
  poll: () => {},
  pollError: () => {},
  alertEvent: () => {},
  leaseTakeover: () => {},
};
