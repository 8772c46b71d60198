/** The poll-target store's checks of what its callers pass: bad input is a typed error, never a bad key. */
export class SchedulerInputError extends Error {
  override name = "SchedulerInputError";
}

export function requireTime(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) {
    throw new SchedulerInputError(`${name} must be a time in ms, got ${value}`);
  }
  return Math.round(value);
}

export function requireText(name: string, value: string): string {
  if (typeof value !== "string" || value.length === 0) {
    throw new SchedulerInputError(`${name} must be a non-empty string`);
  }
  return value;
}
