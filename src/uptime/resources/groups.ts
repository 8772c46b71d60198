import { decodeOne } from "../decode/documents";
import { UsageError } from "../errors";
import { type PathValue, path, queryString } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { AvailabilityStats, Group, LatencyStats, Precision } from "../types";
import { APIResource, getPage, pageDecoder } from "./resource";

const decodeGroupPage = pageDecoder("groups");
const decodeAvailability: Decoder<AvailabilityStats> = (json) => decodeOne("availability", json);
const decodeLatency: Decoder<LatencyStats> = (json) => decodeOne("latency", json);

function precisionSegment(precision: Precision): "hourly" | "daily" {
  // Checked because a wrong string would silently build another endpoint's path.
  if (precision !== "hourly" && precision !== "daily")
    throw new UsageError(`precision must be hourly or daily: ${String(precision)}`);
  return precision;
}

export class Groups extends APIResource {
  /** Every group of a team with its monitor count (`GET /teams/{id}/groups`, A7); pages are followed if any. */
  async list(teamId: PathValue, options?: CallOptions): Promise<Group[]> {
    const base = path`/teams/${teamId}/groups`;
    // A7 does not page groups; a server that does is followed all the same.
    const pathFor = (n: number) => (n === 1 ? base : base + queryString({ "page[number]": n }));
    const first = await getPage(this.session, decodeGroupPage, pathFor, 1, options);
    if (!first.hasMore) return first.items;
    const out: Group[] = [];
    for await (const group of first.all(options)) out.push(group);
    return out;
  }

  /** A group's availability, hourly (24 h) or daily (30 days) (`GET /teams/{id}/groups/{name}/availability-*`, A7). */
  availability(
    teamId: PathValue,
    name: string,
    precision: Precision,
    options?: CallOptions,
  ): Promise<AvailabilityStats> {
    const p = path`/teams/${teamId}/groups/${name}/availability-` + precisionSegment(precision);
    return this.session.get(p, decodeAvailability, options);
  }

  /** A group's latency, hourly or daily (`GET /teams/{id}/groups/{name}/latency-*`, A7). */
  latency(
    teamId: PathValue,
    name: string,
    precision: Precision,
    options?: CallOptions,
  ): Promise<LatencyStats> {
    const p = path`/teams/${teamId}/groups/${name}/latency-` + precisionSegment(precision);
    return this.session.get(p, decodeLatency, options);
  }
}
