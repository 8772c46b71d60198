import type { Clock } from "../../src/lib/clock";
import { ApiError } from "./errors";

export interface FaultInput {
  /** Status every service endpoint answers; 0 drops the connection without an answer. */
  status: number;
  /** For this long on the simulator's clock (unscaled); without it, until count runs out or DELETE. */
  durationMs?: number;
  /** For this many requests. */
  count?: number;
  /** Only requests that bear this token (e.g. one subscriber's poll token); others are served. */
  token?: string;
  /** Only requests whose path starts with this (e.g. `/teams/1/checks`); others are served. */
  path?: string;
  /** With `path`: only that very path (`/teams/1`, not `/teams/1/checks`). */
  exactPath?: boolean;
}

interface Fault {
  status: number;
  until: number | null;
  remaining: number | null;
  token: string | null;
  path: string | null;
  exactPath: boolean;
}

/** What a fault may select a request by. */
export interface FaultRequest {
  token: string | null;
  path: string;
}

/** An injected outage of the service API (the control API is never affected). */
export class Faults {
  private fault: Fault | null = null;

  constructor(private readonly clock: Clock) {}

  set(input: FaultInput): void {
    const { status, durationMs, count, token, path, exactPath } = input;
    if (!Number.isInteger(status) || (status !== 0 && (status < 400 || status > 599))) {
      throw new ApiError(400, "status must be 0 or an HTTP error status from 400 to 599");
    }
    if (durationMs !== undefined && !(Number.isFinite(durationMs) && durationMs > 0)) {
      throw new ApiError(400, "durationMs must be a positive number");
    }
    if (count !== undefined && !(Number.isInteger(count) && count > 0)) {
      throw new ApiError(400, "count must be a positive integer");
    }
    if (token !== undefined && token === "") throw new ApiError(400, "token must not be empty");
    if (path !== undefined && !path.startsWith("/")) throw new ApiError(400, "path must start with /");
    if (exactPath && path === undefined) throw new ApiError(400, "exactPath needs a path");
    this.fault = {
      status,
      until: durationMs === undefined ? null : this.clock.now() + durationMs,
      remaining: count ?? null,
      token: token ?? null,
      path: path ?? null,
      exactPath: exactPath === true,
    };
  }

  clear(): void {
    this.fault = null;
  }

  /**
   * The status to answer this request with, consuming one from a counted fault; null when healthy or
   * when the fault selects other requests (by token or path).
   */
  take(request?: FaultRequest): number | null {
    const f = this.fault;
    if (!f) return null;
    if (f.until !== null && this.clock.now() >= f.until) {
      this.fault = null;
      return null;
    }
    if (f.token !== null && request?.token !== f.token) return null;
    if (f.path !== null && !(f.exactPath ? request?.path === f.path : request?.path.startsWith(f.path))) {
      return null;
    }
    if (f.remaining !== null) {
      f.remaining--;
      if (f.remaining <= 0) this.fault = null;
    }
    return f.status;
  }
}
