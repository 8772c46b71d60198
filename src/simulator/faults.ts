import type { Clock } from "../lib/clock";
import { ApiError } from "./errors";

export interface FaultInput {
  /** Status every service endpoint answers; 0 drops the connection without an answer. */
  status: number;
  /** For this long on the simulator's clock (unscaled); without it, until count runs out or DELETE. */
  durationMs?: number;
  /** For this many requests. */
  count?: number;
}

interface Fault {
  status: number;
  until: number | null;
  remaining: number | null;
}

/** An injected outage of the service API (the control API is never affected). */
export class Faults {
  private fault: Fault | null = null;

  constructor(private readonly clock: Clock) {}

  set(input: FaultInput): void {
    const { status, durationMs, count } = input;
    if (!Number.isInteger(status) || (status !== 0 && (status < 400 || status > 599))) {
      throw new ApiError(400, "status must be 0 or an HTTP error status from 400 to 599");
    }
    if (durationMs !== undefined && !(Number.isFinite(durationMs) && durationMs > 0)) {
      throw new ApiError(400, "durationMs must be a positive number");
    }
    if (count !== undefined && !(Number.isInteger(count) && count > 0)) {
      throw new ApiError(400, "count must be a positive integer");
    }
    this.fault = {
      status,
      until: durationMs === undefined ? null : this.clock.now() + durationMs,
      remaining: count ?? null,
    };
  }

  clear(): void {
    this.fault = null;
  }

  /** The status to answer this request with, consuming one from a counted fault; null when healthy. */
  take(): number | null {
    const f = this.fault;
    if (!f) return null;
    if (f.until !== null && this.clock.now() >= f.until) {
      this.fault = null;
      return null;
    }
    if (f.remaining !== null) {
      f.remaining--;
      if (f.remaining <= 0) this.fault = null;
    }
    return f.status;
  }
}
