// JSON:API decoding core: shared zod pieces (built once at module load), the `included` index that
// resolves relationships into typed objects, and the error reporting every decoder uses (timestamps: iso-timestamps.ts).
// Unknown members are tolerated everywhere (zod strips them; `meta` objects keep them); members of
// the wrong type become a DecodeError with a JSON path, never another kind of throw.
import { z } from "zod";
import { DecodeError, type DecodeIssue } from "./errors";
import type {
  AvailabilityStats,
  Channel,
  Check,
  Group,
  Incident,
  JsonObject,
  LatencyStats,
  Location,
  Monitor,
  Team,
  User,
} from "./types";

// ---- shared schema pieces ----

export const nullableNumber = z.number().nullable().optional();
export const nullableString = z.string().nullable().optional();

export function isPlainObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// ---- fast paths ----
// Hand-written twins of the zod schemas for the documents the bot polls most (team checks, monitor
// pages). Each returns true only for values its schema accepts as they are, so a decoder may use the
// raw value directly; anything else (including every invalid document) goes through zod, which
// produces the error report. Decoders read only the members they know, so zod's stripping of unknown
// members makes no difference to their output.

/** `z.number().nullable().optional()`. */
export const isNullableNumber = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === "number" && Number.isFinite(v));

/** `z.string().nullable().optional()`. */
export const isNullableString = (v: unknown): boolean =>
  v === undefined || v === null || typeof v === "string";

const isOptionalObject = (v: unknown): boolean => v === undefined || isPlainObject(v);

function isIdentifier(v: unknown): boolean {
  return (
    isPlainObject(v) && typeof v.type === "string" && typeof v.id === "string" && isOptionalObject(v.meta)
  );
}

/** `relationshipsSchema.optional()`. */
function isRelationships(v: unknown): boolean {
  if (v === undefined) return true;
  if (!isPlainObject(v)) return false;
  for (const key in v) {
    if (!Object.hasOwn(v, key)) continue;
    const rel = v[key];
    if (!isPlainObject(rel) || !isOptionalObject(rel.links) || !isOptionalObject(rel.meta)) return false;
    const data = rel.data;
    if (data === undefined || data === null) continue;
    if (Array.isArray(data)) {
      for (const item of data) if (!isIdentifier(item)) return false;
    } else if (!isIdentifier(data)) return false;
  }
  return true;
}

/** The members of `resourceShape(types)`: `raw` is an object with one of `types`, a string id, and
 * well-formed relationships and links. */
export function isResourceShape(raw: unknown, types: readonly string[]): raw is JsonObject {
  return (
    isPlainObject(raw) &&
    typeof raw.type === "string" &&
    types.includes(raw.type) &&
    typeof raw.id === "string" &&
    isRelationships(raw.relationships) &&
    isOptionalObject(raw.links)
  );
}

// `meta` and `links` objects are checked to be objects and passed through as they are (no copy):
// the members the client reads are checked where they are read. Cheaper than z.record on the hot path.

/** `meta` objects: any members, kept as they came. */
export const metaSchema = z.custom<JsonObject>(isPlainObject, "expected an object");

/** `links` objects; read their members with `linkAt`. */
export const linksSchema = z.custom<JsonObject>(isPlainObject, "expected an object");

export const identifierSchema = z.object({ type: z.string(), id: z.string(), meta: metaSchema.optional() });
export type Identifier = z.infer<typeof identifierSchema>;

export const relationshipSchema = z.object({
  data: z.union([z.null(), identifierSchema, z.array(identifierSchema)]).optional(),
  links: linksSchema.optional(),
  meta: metaSchema.optional(),
});
export type Relationship = z.infer<typeof relationshipSchema>;

export const relationshipsSchema = z.record(z.string(), relationshipSchema);
export type Relationships = z.infer<typeof relationshipsSchema>;

/** The members every resource object shares; decoders extend it with typed attributes and meta. */
export function resourceShape<const T extends readonly [string, ...string[]]>(types: T) {
  return {
    type: z.enum(types),
    id: z.string(),
    relationships: relationshipsSchema.optional(),
    links: linksSchema.optional(),
  };
}

// ---- type spellings ----

/** Families group the spellings of one kind of resource (`monitors`/`monitor`, `availability-daily`/...). */
export interface FamilyTypes {
  users: User;
  teams: Team;
  monitors: Monitor;
  incidents: Incident;
  checks: Check;
  channels: Channel;
  locations: Location;
  groups: Group;
  availability: AvailabilityStats;
  latency: LatencyStats;
}
export type Family = keyof FamilyTypes;

const FAMILIES: Record<string, Family> = {
  users: "users",
  user: "users",
  teams: "teams",
  team: "teams",
  monitors: "monitors",
  monitor: "monitors",
  incidents: "incidents",
  incident: "incidents",
  checks: "checks",
  check: "checks",
  channels: "channels",
  channel: "channels",
  locations: "locations",
  location: "locations",
  groups: "groups",
  group: "groups",
  availability: "availability",
  "availability-hourly": "availability",
  "availability-daily": "availability",
  latency: "latency",
  "latency-hourly": "latency",
  "latency-daily": "latency",
};

/** The family of a wire type name; null for types the client does not decode (e.g. `alert-rules`). */
export function familyOf(type: string): Family | null {
  return Object.hasOwn(FAMILIES, type) ? (FAMILIES[type] as Family) : null;
}

// ---- errors ----

export type JsonPath = readonly PropertyKey[];

/** `["data", 2, "attributes", "name"]` -> `data[2].attributes.name`. */
export function formatPath(path: JsonPath): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out;
}

/** Parses `value` with `schema`, or throws a DecodeError whose issue paths start at `at`. */
export function parseAt<S extends z.ZodType>(schema: S, value: unknown, at: JsonPath): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues: DecodeIssue[] = result.error.issues.map((issue) => ({
    path: formatPath([...at, ...issue.path]),
    message: issue.message,
  }));
  throw new DecodeError(issues);
}

/** A DecodeError for one place in the document. */
export function decodeIssue(at: JsonPath, message: string): DecodeError {
  return new DecodeError([{ path: formatPath(at), message }]);
}

// ---- included resolution ----

export type ResourceDecoder<T> = (raw: unknown, ctx: DecodeContext, at: JsonPath) => T;
export type Registry = { [F in Family]: ResourceDecoder<FamilyTypes[F]> };

interface IncludedEntry {
  raw: unknown;
  position: number;
}

/** Relationships are resolved two levels deep (`include=teams.channels`); deeper ones stay ids, which also
 * ends cycles such as user -> team -> user. */
const MAX_DEPTH = 2;

/** What a resource decoder needs to turn relationships into typed objects from `included`. */
export class DecodeContext {
  #child: DecodeContext | undefined;

  private constructor(
    private readonly index: Map<string, IncludedEntry> | null,
    readonly registry: Registry,
    readonly depth: number,
  ) {}

  /** A context over an `included` array whose members have been checked to carry `type` and `id`. */
  static create(included: readonly { type: string; id: string }[] | undefined, registry: Registry) {
    let index: Map<string, IncludedEntry> | null = null;
    if (included && included.length > 0) {
      index = new Map();
      for (let i = 0; i < included.length; i++) {
        const item = included[i] as { type: string; id: string };
        const family = familyOf(item.type);
        if (family) index.set(`${family}\u0000${item.id}`, { raw: item, position: i });
      }
    }
    return new DecodeContext(index, registry, 0);
  }

  /** Whether relationships at this level can be resolved (there is an `included` and depth allows it). */
  get canResolve(): boolean {
    return this.index !== null && this.depth < MAX_DEPTH;
  }

  /** The included resource `ref` points to, decoded; undefined when not included (or too deep). */
  resolve<F extends Family>(family: F, ref: Identifier | null | undefined): FamilyTypes[F] | undefined {
    if (!ref || this.index === null || this.depth >= MAX_DEPTH) return undefined;
    if (familyOf(ref.type) !== family) return undefined;
    const entry = this.index.get(`${family}\u0000${ref.id}`);
    if (!entry) return undefined;
    this.#child ??= new DecodeContext(this.index, this.registry, this.depth + 1);
    return this.registry[family](entry.raw, this.#child, ["included", entry.position]);
  }

  /** Every included resource among `refs`, decoded, in order; refs not included are skipped. */
  resolveAll<F extends Family>(family: F, refs: readonly Identifier[]): FamilyTypes[F][] {
    const out: FamilyTypes[F][] = [];
    for (const ref of refs) {
      const item = this.resolve(family, ref);
      if (item !== undefined) out.push(item);
    }
    return out;
  }
}

// ---- relationship helpers ----

/** The identifiers of a relationship (to-one becomes a list of one, null/absent an empty list). */
export function refsOf(rel: Relationship | undefined): Identifier[] {
  const data = rel?.data;
  if (data === undefined || data === null) return [];
  return Array.isArray(data) ? data : [data];
}

/** The single identifier of a to-one relationship (the first of a list), or null. */
export function refOf(rel: Relationship | undefined): Identifier | null {
  const data = rel?.data;
  if (data === undefined || data === null) return null;
  return Array.isArray(data) ? (data[0] ?? null) : data;
}

/** A numeric member of a relationship's meta (`total`, `count`), or null. */
export function relMetaNumber(rel: Relationship | undefined, key: string): number | null {
  const value = rel?.meta?.[key];
  return typeof value === "number" ? value : null;
}

/**
 * A member of a `links` object as a URL: a string, or the `href` of a link object (JSON:API 1.0, 5.6);
 * null when absent or null.
 */
export function linkAt(links: JsonObject | undefined, key: string, at: JsonPath): string | null {
  const value = links?.[key];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (isPlainObject(value) && typeof value.href === "string") return value.href;
  throw decodeIssue([...at, "links", key], "expected a URL string or a link object");
}

/** `links.self` of a resource, or null. */
export function selfLink(links: JsonObject | undefined, at: JsonPath): string | null {
  return linkAt(links, "self", at);
}

export const EMPTY_META: JsonObject = Object.freeze({}) as JsonObject;

/** The `meta` object of a resource exactly as received (after its schema has checked it), or `{}`. */
export function rawMeta(raw: unknown): JsonObject {
  const meta = (raw as { meta?: unknown }).meta;
  return isPlainObject(meta) ? meta : EMPTY_META;
}

// ---- documents ----

/** The top level of a document with primary data; `included` members must at least name type and id. */
export const documentSchema = z.object({
  data: z.unknown(),
  included: z.array(z.looseObject({ type: z.string(), id: z.string() })).optional(),
  meta: metaSchema.optional(),
  links: linksSchema.optional(),
});
export type Document = z.infer<typeof documentSchema>;

/** Checks the top level of a document and builds the context for its `included`. */
export function openDocument(json: unknown, registry: Registry): { doc: Document; ctx: DecodeContext } {
  const doc = isDocument(json) ? json : parseAt(documentSchema, json, []);
  if (doc.data === undefined) throw decodeIssue(["data"], "missing primary data");
  return { doc, ctx: DecodeContext.create(doc.included, registry) };
}

/** Fast path of `documentSchema` (see "fast paths" above). */
export function isDocument(json: unknown): json is Document {
  if (!isPlainObject(json) || json.data === undefined) return false;
  if (!isOptionalObject(json.meta) || !isOptionalObject(json.links)) return false;
  const included = json.included;
  if (included === undefined) return true;
  if (!Array.isArray(included)) return false;
  for (const item of included) {
    if (!isPlainObject(item) || typeof item.type !== "string" || typeof item.id !== "string") return false;
  }
  return true;
}
