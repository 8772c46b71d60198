import { z } from "zod";
import { jsonIssueText, parseJson } from "../../../lib/parse-json";
import { setBounded } from "../../../lib/set-bounded";
import type { Detector, PollFields } from "./detector";
import {
  decodePollTargetMeta,
  type ParsedPollTarget,
  type PollTargetMeta,
  parsePollTargetName,
} from "./poll-target";

// Canonical encoding, so a poll can skip a commit that would write the same string.

export class PollStateError extends Error {
  override name = "PollStateError";
}

export interface PollStateCodec {
  decode(raw: string | null | undefined): PollFields | null;
  encode(state: PollFields): { state: PollFields; raw: string };
}

const codecs = new WeakMap<readonly Detector[], PollStateCodec>();

/** The codec of these detectors' fields, made once per list (a poll looks it up, it builds nothing). */
export function pollStateCodec(detectors: readonly Detector[]): PollStateCodec {
  let codec = codecs.get(detectors);
  if (!codec) {
    codec = makeCodec(detectors);
    codecs.set(detectors, codec);
  }
  return codec;
}

function makeCodec(detectors: readonly Detector[]): PollStateCodec {
  let shape: z.ZodRawShape = { v: z.literal(1) };
  for (const detector of detectors) shape = { ...shape, ...detector.fields };
  const schema = z.object(shape);
  return {
    decode(raw) {
      if (raw === null || raw === undefined || raw === "") return null;
      // The schema checked `v`; the rest are the detectors' fields.
      return parseJson(raw, schema, (issue) => new PollStateError(jsonIssueText("poll state", issue))) as {
        v: 1;
      };
    },
    encode(state) {
      const canonical = storedFields(detectors, state);
      return { state: canonical, raw: JSON.stringify(canonical) };
    },
  };
}

/** Each detector's fields from its view in `views`, or from `prev` where it kept the state. */
export function storedFields(
  detectors: readonly Detector[],
  prev: PollFields | null,
  views?: readonly (object | undefined)[],
): PollFields {
  const into: PollFields & Record<string, unknown> = { v: 1 };
  for (let i = 0; i < detectors.length; i++) {
    const view = views?.[i] ?? prev;
    if (view) detectors[i]!.store(view, into);
  }
  return into;
}

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
