import type { Args } from "./args";
import type { ApiFailure } from "./types";

/** Which calls of the method a queued failure applies to (every call when empty). */
export interface FailureMatch {
  /** Only a call whose `channel` argument is this (a user id for a DM posted by user id). */
  channel?: string;
}

/** Failures a test queued for the next calls of a method (`failNext`). */
export class FailureQueue {
  private readonly queued = new Map<string, { failure: ApiFailure; match: FailureMatch }[]>();

  add(method: string, failure: ApiFailure, times = 1, match: FailureMatch = {}): void {
    const list = this.queued.get(method) ?? [];
    for (let i = 0; i < times; i++) list.push({ failure, match });
    this.queued.set(method, list);
  }

  take(method: string, args: Args = {}): ApiFailure | undefined {
    const list = this.queued.get(method);
    const index = list?.findIndex(
      ({ match }) => match.channel === undefined || match.channel === args.channel,
    );
    if (!list || index === undefined || index < 0) return undefined;
    const [next] = list.splice(index, 1);
    if (list.length === 0) this.queued.delete(method);
    return next?.failure;
  }
}
