import { setBounded } from "../../../lib/set-bounded";
import type { Detector, PollFields } from "./detector";
import { type PollStateCodec, pollStateCodec } from "./poll-state";
import {
  decodePollTargetMeta,
  type ParsedPollTarget,
  type PollTargetMeta,
  parsePollTargetName,
} from "./poll-target";

interface Entry {
  parsed: ParsedPollTarget;
  metaRaw?: string | null;
  meta?: PollTargetMeta;
  stateRaw?: string | null;
  state?: PollFields | null;
}

/**
 * The decoded name, meta and state of each claimed target, reused while the strings the claim returns
 * stay the same (docs/architecture.md section 5, quiet-poll budget). A quiet poll writes no state, so the stored
 * state only changes when incidents were fetched (at least every 30 s): most claims hand back exactly
 * the strings of the previous claim, and neither JSON.parse nor the zod schemas run again.
 *
 * The decoded objects are shared between polls: callers must treat them as read-only (the diff is pure
 * and builds a new state). Errors are not cached: a bad string is decoded, and reported, on every claim.
 * Bounded by `maxEntries` (oldest first out); nothing here is secret (no token, only what Redis holds).
 */
export class ClaimCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly codec: PollStateCodec;

  /** `detectors`: the poll's, whose fields the states hold. */
  constructor(options: { detectors: readonly Detector[]; maxEntries?: number }) {
    this.maxEntries = options.maxEntries ?? 50_000;
    this.codec = pollStateCodec(options.detectors);
  }

  /** parsePollTargetName, once per target. */
  parsed(target: string): ParsedPollTarget {
    return this.entry(target).parsed;
  }

  /** decodePollTargetMeta of the claim's meta string. */
  meta(target: string, raw: string | null): PollTargetMeta {
    const entry = this.entry(target);
    if (entry.meta !== undefined && entry.metaRaw === raw) return entry.meta;
    const meta = decodePollTargetMeta(raw);
    entry.metaRaw = raw;
    entry.meta = meta;
    return meta;
  }

  /** The decoded state of the claim's state string (null before the first commit). */
  state(target: string, raw: string | null): PollFields | null {
    const entry = this.entry(target);
    if (entry.state !== undefined && entry.stateRaw === raw) return entry.state;
    const state = this.codec.decode(raw);
    entry.stateRaw = raw;
    entry.state = state;
    return state;
  }

  /**
   * The state a poll just committed, as the next claim will hand it back: that claim then skips
   * JSON.parse and the schema (a decode after every incident read is costly in a busy poller). Only
   * for a commit that landed: a refused one wrote nothing.
   */
  remember(target: string, raw: string, state: PollFields): void {
    const entry = this.entry(target);
    entry.stateRaw = raw;
    entry.state = state;
  }

  get size(): number {
    return this.entries.size;
  }

  private entry(target: string): Entry {
    let entry = this.entries.get(target);
    if (entry) return entry;
    entry = { parsed: parsePollTargetName(target) };
    setBounded(this.entries, target, entry, this.maxEntries);
    return entry;
  }
}
