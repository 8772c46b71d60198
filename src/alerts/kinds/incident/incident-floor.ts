// Ids are assumed to grow (the reference does not say); a non-numeric id leaves `started` alone to decide.

// Both start and id must be at or below the floor, so a new incident is dropped only if the API both
// back-dates it and gives it a smaller id than one we already let go.
export interface IncidentFloor {
  started?: string;
  id?: string;
}

const NUMERIC_ID = /^\d+$/;

export function timeOf(iso: string | null | undefined): number {
  return iso ? Date.parse(iso) : Number.NaN;
}

export function compareNumericIds(a: string, b: string): number | null {
  if (!NUMERIC_ID.test(a) || !NUMERIC_ID.test(b)) return null;
  const x = a.replace(/^0+(?=\d)/, "");
  const y = b.replace(/^0+(?=\d)/, "");
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Oldest first: by started, then by id, so that events reach a channel in the order outages began. */
export function byStarted(a: { id: string; started: string }, b: { id: string; started: string }): number {
  const delta = (timeOf(a.started) || 0) - (timeOf(b.started) || 0);
  if (delta !== 0) return delta;
  return compareNumericIds(a.id, b.id) ?? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** An unparseable start is never below the floor: announced rather than silently dropped. */
export function isBelowFloor(
  incident: { id: string; started: string },
  floor: IncidentFloor | undefined,
): boolean {
  if (floor?.started === undefined) return false;
  const started = timeOf(incident.started);
  if (!(started <= timeOf(floor.started))) return false;
  if (floor.id === undefined) return true;
  const order = compareNumericIds(incident.id, floor.id);
  return order === null || order <= 0;
}

export function raiseFloor(
  floor: IncidentFloor | undefined,
  incidents: readonly { id: string; started: string }[],
): IncidentFloor | undefined {
  let next = floor;
  for (const incident of incidents) {
    const started = timeOf(incident.started);
    const raiseStarted = !Number.isNaN(started) && !(started <= timeOf(next?.started));
    const idOrder = next?.id === undefined ? 1 : compareNumericIds(incident.id, next.id);
    const raiseId = NUMERIC_ID.test(incident.id) && idOrder !== null && idOrder > 0;
    if (raiseStarted || raiseId) {
      next = {
        ...next,
        ...(raiseStarted ? { started: incident.started } : {}),
        ...(raiseId ? { id: incident.id } : {}),
      };
    }
  }
  return next;
}

/** Everything older than page 1's oldest incident predates the subscription. */
export function baselineFloor(
  incidents: readonly { id: string; started: string }[],
): IncidentFloor | undefined {
  let floor: IncidentFloor | undefined;
  for (const incident of incidents) {
    const started = timeOf(incident.started);
    if (Number.isNaN(started)) continue;
    const lowerStarted = floor?.started === undefined || started < timeOf(floor.started);
    const order = floor?.id === undefined ? -1 : compareNumericIds(incident.id, floor.id);
    const lowerId = NUMERIC_ID.test(incident.id) && order !== null && order < 0;
    floor = {
      ...floor,
      ...(lowerStarted ? { started: incident.started } : {}),
      ...(lowerId ? { id: incident.id } : {}),
    };
  }
  return floor;
}
