// Document-level decoders: primary data of one resource, a list, a page with its envelope, and the
// status document. The registry ties each family to its resource decoder for `included` resolution.
import { z } from "zod";
import { scrubStrings } from "../../lib/scrub-urls-in-text";
import {
  decodeIssue,
  type Family,
  type FamilyTypes,
  linkAt,
  openDocument,
  parseAt,
  type Registry,
} from "../jsonapi";
import type { PageData, PageLinks, PageMeta } from "../pagination";
import type { ServiceStatus } from "../types";
import { decodeChannelResource } from "./channel";
import { decodeCheckResource } from "./check";
import { decodeGroupResource } from "./group";
import { decodeIncidentResource } from "./incident";
import { decodeLocationResource } from "./location";
import { decodeMonitorResource } from "./monitor";
import { decodeAvailabilityResource, decodeLatencyResource } from "./statistics";
import { decodeTeamResource } from "./team";
import { decodeUserResource } from "./user";

export const registry: Registry = {
  users: decodeUserResource,
  teams: decodeTeamResource,
  monitors: decodeMonitorResource,
  incidents: decodeIncidentResource,
  checks: decodeCheckResource,
  channels: decodeChannelResource,
  locations: decodeLocationResource,
  groups: decodeGroupResource,
  availability: decodeAvailabilityResource,
  latency: decodeLatencyResource,
};

/** A document whose primary data is one resource of `family`. */
export function decodeOne<F extends Family>(family: F, json: unknown): FamilyTypes[F] {
  const { doc, ctx } = openDocument(json, registry);
  if (doc.data === null || Array.isArray(doc.data) || typeof doc.data !== "object") {
    throw decodeIssue(["data"], "expected one resource object");
  }
  return registry[family](doc.data, ctx, ["data"]);
}

function decodeItems<F extends Family>(family: F, data: unknown, ctx: Parameters<Registry[F]>[1]) {
  if (!Array.isArray(data)) throw decodeIssue(["data"], "expected a list of resource objects");
  const decode = registry[family];
  const items: FamilyTypes[F][] = new Array(data.length);
  for (let i = 0; i < data.length; i++) items[i] = decode(data[i], ctx, ["data", i]);
  return items;
}

/** A document whose primary data is an unpaginated list of `family` resources. */
export function decodeList<F extends Family>(family: F, json: unknown): FamilyTypes[F][] {
  const { doc, ctx } = openDocument(json, registry);
  return decodeItems(family, doc.data, ctx);
}

const pageMetaSchema = z.object({
  currentPage: z.number().optional(),
  count: z.number().optional(),
  perPage: z.number().optional(),
  hasMorePages: z.boolean().optional(),
  total: z.number().optional(),
});

/** A paginated list: items plus the envelope. A missing `hasMorePages` falls back to "has links.next". */
export function decodePage<F extends Family>(family: F, json: unknown): PageData<FamilyTypes[F]> {
  const { doc, ctx } = openDocument(json, registry);
  const items = decodeItems(family, doc.data, ctx);
  const m = parseAt(pageMetaSchema, doc.meta ?? {}, ["meta"]);
  const links: PageLinks = {
    first: linkAt(doc.links, "first", []),
    prev: linkAt(doc.links, "prev", []),
    next: linkAt(doc.links, "next", []),
  };
  const meta: PageMeta = {
    currentPage: m.currentPage ?? 1,
    count: m.count ?? items.length,
    perPage: m.perPage ?? items.length,
    hasMorePages: m.hasMorePages ?? links.next !== null,
  };
  if (m.total !== undefined) meta.total = m.total;
  return { items, meta, links };
}

const statusSchema = z.object({
  meta: z.object({
    status: z.string(),
    components: z.array(z.string()).optional(),
    failures: z.array(z.unknown()).optional(),
  }),
});

/** The `GET /status` document (top-level `meta` only). */
export function decodeStatus(json: unknown): ServiceStatus {
  const { meta } = parseAt(statusSchema, json, []);
  return {
    status: meta.status,
    active: meta.status === "active",
    components: meta.components ?? [],
    // Shape unknown (a string or an object): every string in it is scrubbed like other free text.
    failures: (meta.failures ?? []).map(scrubStrings),
  };
}
