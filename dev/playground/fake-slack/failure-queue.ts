import type { ApiFailure } from "./types";

/** Failures a test queued for the next calls of a method (`failNext`). */
export class FailureQueue {
  private readonly queued = new Map<string, ApiFailure[]>();

  add(method: string, failure: ApiFailure, times = 1): void {
    const list = this.queued.get(method) ?? [];
    for (let i = 0; i < times; i++) list.push(failure);
    this.queued.set(method, list);
  }

  take(method: string): ApiFailure | undefined {
    const list = this.queued.get(method);
    const next = list?.shift();
    if (list && list.length === 0) this.queued.delete(method);
    return next;
  }
}
