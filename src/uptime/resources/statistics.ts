import { decodeOne } from "../decode/documents";
import { UsageError } from "../errors";
import { type PathValue, path } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { AvailabilityStats, LatencyStats, Precision } from "../types";
import { APIResource } from "./resource";

const decodeAvailability: Decoder<AvailabilityStats> = (json) => decodeOne("availability", json);
const decodeLatency: Decoder<LatencyStats> = (json) => decodeOne("latency", json);

function precisionSegment(precision: Precision): "hourly" | "daily" {
  // Checked because a wrong string would silently build another endpoint's path.
  if (precision !== "hourly" && precision !== "daily")
    throw new UsageError(`precision must be hourly or daily: ${String(precision)}`);
  return precision;
}

export class Statistics extends APIResource {
  /** A team's availability over the last 30 days (`GET /teams/{id}/availability-daily`). */
  teamAvailabilityDaily(teamId: PathValue, options?: CallOptions): Promise<AvailabilityStats> {
    return this.session.get(path`/teams/${teamId}/availability-daily`, decodeAvailability, options);
  }

  /** A group's availability, hourly (24 h) or daily (30 days) (`GET /teams/{id}/groups/{name}/availability-*`, A7). */
  groupAvailability(
    teamId: PathValue,
    name: string,
    precision: Precision,
    options?: CallOptions,
  ): Promise<AvailabilityStats> {
    const p = path`/teams/${teamId}/groups/${name}/availability-` + precisionSegment(precision);
    return this.session.get(p, decodeAvailability, options);
  }

  /** A group's latency, hourly or daily (`GET /teams/{id}/groups/{name}/latency-*`, A7). */
  groupLatency(
    teamId: PathValue,
    name: string,
    precision: Precision,
    options?: CallOptions,
  ): Promise<LatencyStats> {
    const p = path`/teams/${teamId}/groups/${name}/latency-` + precisionSegment(precision);
    return this.session.get(p, decodeLatency, options);
  }
}
