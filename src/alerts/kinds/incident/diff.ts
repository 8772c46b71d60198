import {
  type AlertEvent,
  type AlertEventType,
  type IncidentSnapshot,
  type IncidentStage,
  isLaterStage,
} from "../../model";

// Pure. Each transition at most once, opened < acknowledged < resolved; a missing incident is not resolved
// (pages are partial); maintenance ones emit nothing; forgotten ones raise the floor, never announced again.

export interface TrackedIncident {
  id: string;
  monitorId: string;
  started: string;
  ended: string | null;
  acknowledged: string | null;
  /** The furthest stage emitted (or, for baseline and silent incidents, observed). Never goes back. */
  stage: IncidentStage;
  /** In maintenance when first seen: tracked so it is never announced later, but emits nothing. */
  silent?: true;
  /** When a poll last returned it (ms): an open incident not seen for the retention is let go. */
  seen: number;
}

export interface IncidentPollState {
  v: 1;
  baselined: boolean;
  /** Open incidents, and resolved ones until the retention passes; keyed by incident id. */
  tracked: Record<string, TrackedIncident>;
  floor?: IncidentFloor;
  /** checksSignature() of the checks when incidents were last read (see needsIncidentFetch). */
  checksSignature?: string;
  /** Written by older states only; still accepted so they decode. */
  incidentsFetchedAt?: number;
}

type PollState = IncidentPollState;

export const DEFAULT_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Beyond this many resolved incidents the oldest are forgotten early, to keep the state small. */
const DEFAULT_MAX_RESOLVED = 200;
/** How stale `seen` may grow before it is written again, so a quiet refresh writes nothing. */
export const SEEN_RESOLUTION_MS = 60 * 60 * 1000;

/** An outage between `/uptime subscribe` and the first poll must not be taken for history. */
export interface BaselineSince {
  at: number;
  /** Ids of the incidents on that page: already summarised, or history. */
  seen: readonly string[];
}

/** Allowance for the service's clock running behind ours when judging "started after the subscription". */
const BASELINE_SKEW_MS = 2 * 60 * 1000;

export interface DiffOptions {
  now: number;
  retentionMs?: number;
  maxResolved?: number;
  baselineSince?: BaselineSince;
}

export interface DiffResult {
  state: PollState;
  events: AlertEvent[];
  /** Only on the baseline: the incidents open now (no maintenance), newest first. */
  baseline?: { openIncidents: IncidentSnapshot[] };
}

type Tracked = Map<string, TrackedIncident>;

export function diffIncidents(
  prev: PollState | null,
  fetched: readonly IncidentSnapshot[],
  options: DiffOptions,
): DiffResult {
  const latest = latestViews(fetched);
  if (!prev?.baselined) return baselineDiff(prev, latest, options);

  const tracked: Tracked = new Map(Object.entries(prev.tracked));
  const events: AlertEvent[] = [];
  const history: IncidentSnapshot[] = [];
  for (const incident of latest) {
    const known = tracked.get(incident.id);
    if (known) {
      const advanced = advance(known, incident, options.now);
      tracked.set(incident.id, advanced.tracked);
      events.push(...advanced.events);
    } else if (isBelowFloor(incident, prev.floor)) {
      // Already announced and forgotten, or older than the baseline.
    } else if (isHistory(incident, options)) {
      history.push(incident);
    } else {
      const seen = firstSight(incident, options.now);
      tracked.set(incident.id, seen.tracked);
      events.push(...seen.events);
    }
  }
  const kept = forget(tracked, raiseFloor(prev.floor, history), options);
  return { state: nextState(prev, kept), events };
}

/** Fetched by id (A7); maintenance ones are left out, their end would announce nothing. */
export function trackedOpenMissing(state: PollState | null, fetched: readonly IncidentSnapshot[]): string[] {
  if (!state) return [];
  const returned = new Set(fetched.map((incident) => incident.id));
  return Object.values(state.tracked)
    .filter((incident) => incident.stage !== "resolved" && !incident.silent && !returned.has(incident.id))
    .sort((a, b) => byStarted(b, a))
    .map((incident) => incident.id);
}

/** A6 newest first: only while every incident on the page is new may older new ones hide on the next. */
export function shouldFetchNextPage(page: readonly IncidentSnapshot[], state: PollState | null): boolean {
  if (!state?.baselined || page.length === 0) return false;
  return page.every(
    (incident) => !Object.hasOwn(state.tracked, incident.id) && !isBelowFloor(incident, state.floor),
  );
}

function baselineDiff(prev: PollState | null, latest: IncidentSnapshot[], options: DiffOptions): DiffResult {
  const tracked: Tracked = new Map();
  const events: AlertEvent[] = [];
  const since = options.baselineSince;
  const seen = new Set(since?.seen ?? []);
  for (const incident of latest) {
    const isNew =
      since !== undefined &&
      !seen.has(incident.id) &&
      timeOf(incident.started) >= since.at - BASELINE_SKEW_MS;
    if (isNew) {
      const first = firstSight(incident, options.now);
      tracked.set(incident.id, first.tracked);
      events.push(...first.events);
    } else {
      tracked.set(incident.id, trackSilently(incident, options.now));
    }
  }
  const kept = forget(tracked, baselineFloor(latest), options);
  const openIncidents = latest
    .filter((incident) => incident.ended === null && !incident.maintenance)
    .reverse();
  const base: PollState = { v: 1, baselined: true, tracked: {}, ...pickChecks(prev) };
  return { state: nextState(base, kept), events, baseline: { openIncidents } };
}

/** One view per id (the most advanced if a page shift or a GET by id returned it twice), oldest first. */
function latestViews(fetched: readonly IncidentSnapshot[]): IncidentSnapshot[] {
  const byId = new Map<string, IncidentSnapshot>();
  for (const incident of fetched) {
    const other = byId.get(incident.id);
    if (!other || progress(incident) > progress(other)) byId.set(incident.id, incident);
  }
  return [...byId.values()].sort(byStarted);
}

function progress(incident: IncidentSnapshot): number {
  return (incident.ended ? 2 : 0) + (incident.acknowledged ? 1 : 0);
}

function stageOf(incident: { ended: string | null; acknowledged: string | null }): IncidentStage {
  if (incident.ended) return "resolved";
  return incident.acknowledged ? "acknowledged" : "open";
}

function trackSilently(incident: IncidentSnapshot, now: number): TrackedIncident {
  return {
    ...compact(incident, now),
    stage: stageOf(incident),
    ...(incident.maintenance ? { silent: true as const } : {}),
  };
}

function compact(incident: IncidentSnapshot, now: number): Omit<TrackedIncident, "stage" | "silent"> {
  return {
    id: incident.id,
    monitorId: incident.monitorId,
    started: incident.started,
    ended: incident.ended,
    acknowledged: incident.acknowledged,
    seen: now,
  };
}

function firstSight(
  incident: IncidentSnapshot,
  now: number,
): { tracked: TrackedIncident; events: AlertEvent[] } {
  const tracked = trackSilently(incident, now);
  if (tracked.silent) return { tracked, events: [] };
  const events = [event("opened", incident, incident.started), ...transitions("open", incident)];
  return { tracked, events };
}

function advance(
  known: TrackedIncident,
  incident: IncidentSnapshot,
  now: number,
): { tracked: TrackedIncident; events: AlertEvent[] } {
  const merged = {
    ...compact(incident, now),
    // Coarse, so that a refresh that finds nothing new leaves the state as it was (nothing to commit).
    seen: now - known.seen < SEEN_RESOLUTION_MS ? known.seen : now,
    // What we saw once stays true even if a later view (a stale replica of the API) lacks it.
    ended: incident.ended ?? known.ended,
    acknowledged: incident.acknowledged ?? known.acknowledged,
  };
  const observed = stageOf(merged);
  const stage = isLaterStage(observed, known.stage) ? observed : known.stage;
  const tracked: TrackedIncident = { ...merged, stage, ...(known.silent ? { silent: true as const } : {}) };
  const view = { ...incident, ended: merged.ended, acknowledged: merged.acknowledged };
  const events = known.silent ? [] : transitions(known.stage, view);
  return { tracked, events };
}

function transitions(from: IncidentStage, incident: IncidentSnapshot): AlertEvent[] {
  const events: AlertEvent[] = [];
  // A7: an ended incident cannot be acknowledged, so an acknowledge seen with the end came first.
  if (from === "open" && incident.acknowledged) {
    events.push(event("acknowledged", incident, incident.acknowledged));
  }
  if (from !== "resolved" && incident.ended) events.push(event("resolved", incident, incident.ended));
  return events;
}

function event(type: AlertEventType, incident: IncidentSnapshot, at: string): AlertEvent {
  return { type, incidentId: incident.id, monitorId: incident.monitorId, at, incident };
}

function isHistory(incident: IncidentSnapshot, options: DiffOptions): boolean {
  const ended = timeOf(incident.ended);
  return options.now - ended > retentionOf(options);
}

function retentionOf(options: DiffOptions): number {
  return options.retentionMs ?? DEFAULT_RETENTION_MS;
}

function forget(
  tracked: Tracked,
  floor: IncidentFloor | undefined,
  options: DiffOptions,
): { tracked: Tracked; floor: IncidentFloor | undefined } {
  const retention = retentionOf(options);
  const gone: TrackedIncident[] = [];
  const resolved: TrackedIncident[] = [];
  for (const incident of tracked.values()) {
    if (options.now - lastRelevant(incident) > retention) gone.push(incident);
    else if (incident.stage === "resolved") resolved.push(incident);
  }
  const surplus = resolved.length - (options.maxResolved ?? DEFAULT_MAX_RESOLVED);
  if (surplus > 0) {
    resolved.sort((a, b) => lastRelevant(a) - lastRelevant(b));
    gone.push(...resolved.slice(0, surplus));
  }
  const kept = new Map(tracked);
  for (const incident of gone) kept.delete(incident.id);
  return { tracked: kept, floor: raiseFloor(floor, gone) };
}

/** Resolved: when it ended (or, unparseable, when last seen). Open: when a poll last returned it. */
function lastRelevant(incident: TrackedIncident): number {
  if (incident.stage !== "resolved") return incident.seen;
  const ended = timeOf(incident.ended);
  return Number.isNaN(ended) ? incident.seen : ended;
}

/** Nothing says when it was made, so a refresh that changes nothing gives the same state. */
function nextState(prev: PollState, kept: { tracked: Tracked; floor: IncidentFloor | undefined }): PollState {
  const { floor: _old, ...rest } = prev;
  return {
    ...rest,
    tracked: Object.fromEntries(kept.tracked),
    ...(kept.floor ? { floor: kept.floor } : {}),
  };
}

function pickChecks(prev: PollState | null): Pick<PollState, "checksSignature"> {
  return prev?.checksSignature === undefined ? {} : { checksSignature: prev.checksSignature };
}

// The floor: a new incident is dropped only if the API both back-dates it and gives it a smaller id than
// one already let go (ids assumed to grow; a non-numeric id leaves `started` alone to decide).
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
