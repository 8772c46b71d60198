/**
 * What the poll-target store (poll-target-store.ts) takes and hands back: registrations, claims, commits,
 * a target's stored record and its token-rejection streak.
 */

export const DEFAULT_SHARDS = 16;
/**
 * How often a claim books a target's incident refresh (docs/architecture.md section 5: incidents are read when the
 * checks changed or every 30 s; an acknowledge changes no check).
 */
export const INCIDENT_REFRESH_MS = 30_000;

export interface TargetRegistration {
  /** Who needs the target polled (e.g. a channel subscription id); the last one to leave removes it. */
  subscriber: string;
  /** Token group (e.g. the token hash): a 429 cools down every target of the group. */
  group: string;
  /** Opaque string handed back with every claim (e.g. JSON naming the API team and the token owner). */
  meta?: string;
}

export interface ClaimedTarget {
  target: string;
  leaseToken: string;
  /** The state JSON of the last commit, null before the first. */
  state: string | null;
  /** Consecutive failed polls so far (drives the caller's backoff). */
  failures: number;
  meta: string | null;
  /** No failures, no token-rejection streak and no pause: a quiet poll has nothing of these to reset. */
  settled: boolean;
  /**
   * The incident refresh is due with this poll, and the claim booked it: the next one comes `refreshMs`
   * later (a failed commit drops the booking). Kept with the target, not in its state, so that a refresh
   * that changes nothing has nothing to commit and every replica keeps one cadence per target.
   * The worker sets it again before each poll of a held claim (`refreshAt`).
   */
  refresh: boolean;
  /**
   * When a poll of this claim reads the incidents (ms), booked by the claim; null for none. At or before
   * the claim's time for its first poll (`refresh`); later only for a hold that ends after it, whose
   * target the worker polls again until then (poll-worker.ts), the hold's last poll reading it at the latest
   * (again-polls.ts readsRefresh).
   */
  refreshAt: number | null;
  /**
   * When the claim was held (claimShards' `holds`): the target is due again at this time (ms), unless the
   * worker extends the claim (`extend`); until then the worker polls it again by itself while its polls
   * are quiet. Null for a lease.
   */
  heldUntil: number | null;
}

/** A held claim to extend: its target and the lease token its claim received. */
export type HeldClaim = Pick<ClaimedTarget, "target" | "leaseToken">;

export interface CommitInput {
  /** The committing worker's time (ms); only used to size the cool-down key's expiry. */
  now: number;
  /** The new state JSON; omitted keeps the stored one (e.g. after a failed poll). */
  state?: string;
  nextDueAt: number;
  /** Alert event JSON strings, XADDed to the shard's outbox in this order and in the same step. */
  events?: readonly string[];
  /** "reset" after a successful poll, "increment" after a failed one. */
  failures: "reset" | "increment";
  /** With coolDownUntil: no target of this group is claimed before then, in any shard (429). */
  coolDownGroup?: string;
  coolDownUntil?: number;
}

export interface TargetInfo {
  shard: number;
  dueAt: number | null;
  state: string | null;
  failures: number;
  group: string | null;
  /**
   * A claim's token is stored: its poll runs, or it was a held claim whose quiet poll had nothing to
   * commit (the token stays until the next claim replaces it).
   */
  leased: boolean;
  subscribers: string[];
  /** The pause reason while the target's token is confirmed rejected, else null. */
  paused: string | null;
  /** Consecutive token rejections so far (0 after a successful poll). */
  rejections: number;
  /** The opaque meta the target was registered with (whose token polls it), or null. */
  meta: string | null;
}

/** A target's consecutive token rejections, kept in its hash so that every replica agrees. */
export interface RejectionStreak {
  /** Rejected polls in a row, this one included. */
  count: number;
  /** When the first of them happened (ms). */
  since: number;
  /** The pause reason when the target is paused, else null. */
  paused: string | null;
}
