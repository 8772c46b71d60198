/**
 * Versioned codecs for what travels in button values, option values and private_metadata (the codecs
 * themselves are in codecs.ts). Values are versioned JSON: Slack echoes them from messages posted weeks
 * ago, and a payload without a version later needs guesswork to read.
 */
import { z } from "zod";
import { limits } from "./text";

/** Where an encoded value goes, and the most Slack accepts there (characters). */
export const valueLimits = {
  buttonValue: limits.buttonValue,
  privateMetadata: limits.privateMetadata,
  optionValue: limits.optionValue,
} as const;

/** Thrown by encode() on a programming error: data that fails its schema, or a result over its limit. */
export class CodecEncodeError extends Error {
  override readonly name = "CodecEncodeError";
  constructor(
    readonly codec: string,
    readonly reason: "invalid" | "too_long",
    message: string,
  ) {
    super(message);
  }
}

export interface Codec<T> {
  readonly name: string;
  readonly version: number;
  readonly limit: number;
  /** Compact JSON `{"v":1,"k":"<name>",...}`. Throws CodecEncodeError on invalid data or past the limit. */
  encode(data: T): string;
  /** The data, or null for anything else: undefined, junk, another codec's value, another version. */
  decode(raw: string | undefined | null): T | null;
}

/**
 * A codec value, or undefined when the data does not fit the codec (an id of an unexpected shape): the
 * renderer then leaves that one button out instead of throwing, so the message itself is still delivered.
 */
export function tryEncode<T>(codec: Codec<T>, data: T): string | undefined {
  try {
    return codec.encode(data);
  } catch (error) {
    if (error instanceof CodecEncodeError) return undefined;
    throw error;
  }
}

type AllKeys<T> = T extends unknown ? keyof T & string : never;

/**
 * A versioned codec for one kind of value. `keys` gives each top-level field a short wire key (values are
 * tight: an option value holds 150 characters); nested objects keep their own keys. "v" and "k" are reserved.
 * Bump `version` whenever the shape changes: values encoded by the old version then decode to null and the
 * handler answers "this button is out of date" instead of misreading them.
 */
export function defineCodec<S extends z.ZodType<Record<string, unknown>>>(
  name: string,
  version: number,
  schema: S,
  options: { limit: number; keys: Record<AllKeys<z.output<S>>, string> },
): Codec<z.output<S>> {
  const toWire = Object.entries(options.keys) as [string, string][];
  const wireKeys = toWire.map(([, wire]) => wire);
  if (wireKeys.some((k) => k === "v" || k === "k") || new Set(wireKeys).size !== wireKeys.length) {
    throw new TypeError(`codec ${name}: wire keys must be unique and not "v" or "k"`);
  }
  const fromWire = new Map(toWire.map(([field, wire]) => [wire, field]));

  return {
    name,
    version,
    limit: options.limit,
    encode(data) {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        throw new CodecEncodeError(
          name,
          "invalid",
          `codec ${name}: invalid data: ${z.prettifyError(parsed.error)}`,
        );
      }
      const wire: Record<string, unknown> = { v: version, k: name };
      for (const [field, key] of toWire) {
        const value = (parsed.data as Record<string, unknown>)[field];
        if (value !== undefined) wire[key] = value;
      }
      const encoded = JSON.stringify(wire);
      if (encoded.length > options.limit) {
        throw new CodecEncodeError(
          name,
          "too_long",
          `codec ${name}: encoded value is ${encoded.length} characters, over the limit of ${options.limit}`,
        );
      }
      return encoded;
    },
    decode(raw) {
      if (typeof raw !== "string" || raw.length === 0 || raw.length > options.limit) return null;
      let wire: unknown;
      try {
        wire = JSON.parse(raw);
      } catch {
        return null;
      }
      if (typeof wire !== "object" || wire === null || Array.isArray(wire)) return null;
      const record = wire as Record<string, unknown>;
      if (record.v !== version || record.k !== name) return null;
      const data: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) {
        const field = fromWire.get(key);
        if (field !== undefined) data[field] = value;
      }
      const parsed = schema.safeParse(data);
      return parsed.success ? parsed.data : null;
    },
  };
}
