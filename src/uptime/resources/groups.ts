import { type PathValue, path, queryString } from "../path";
import type { CallOptions } from "../transport";
import type { AvailabilityStats, Group, LatencyStats, Precision } from "../types";
import { APIResource, getPage, pageDecoder } from "./resource";
import { Statistics } from "./statistics";

const decodeGroupPage = pageDecoder("groups");

export class Groups extends APIResource {
  readonly #statistics = new Statistics(this.session);

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

  /** A group's availability, hourly or daily (A7); same as `statistics.groupAvailability`. */
  availability(
    teamId: PathValue,
    name: string,
    precision: Precision,
    options?: CallOptions,
  ): Promise<AvailabilityStats> {
    return this.#statistics.groupAvailability(teamId, name, precision, options);
  }

  /** A group's latency, hourly or daily (A7); same as `statistics.groupLatency`. */
  latency(
    teamId: PathValue,
    name: string,
    precision: Precision,
    options?: CallOptions,
  ): Promise<LatencyStats> {
    return this.#statistics.groupLatency(teamId, name, precision, options);
  }
}
