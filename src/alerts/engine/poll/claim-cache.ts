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

// Most claims repeat the last strings (a quiet poll writes nothing), so decoding is skipped. Read-only.
export class ClaimCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly codec: PollStateCodec;

  constructor(options: { detectors: readonly Detector[]; maxEntries?: number }) {
    this.maxEntries = options.maxEntries ?? 50_000;
    this.codec = pollStateCodec(options.detectors);
  }

  parsed(target: string): ParsedPollTarget {
    return this.entry(target).parsed;
  }

  meta(target: string, raw: string | null): PollTargetMeta {
    const entry = this.entry(target);
    if (entry.meta !== undefined && entry.metaRaw === raw) return entry.meta;
    const meta = decodePollTargetMeta(raw);
    entry.metaRaw = raw;
    entry.meta = meta;
    return meta;
  }

  state(target: string, raw: string | null): PollFields | null {
    const entry = this.entry(target);
    if (entry.state !== undefined && entry.stateRaw === raw) return entry.state;
    const state = this.codec.decode(raw);
    entry.stateRaw = raw;
    entry.state = state;
    return state;
  }

  /** A landed commit's state, so the next claim skips the decode. */
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
