import { createHash } from "node:crypto";
import type { CheckSnapshot } from "../../engine/poll/poll-mapping";

/**
 * When the poller fetches incidents (docs/architecture.md section 5): `GET /teams/{id}/checks` is polled every few
 * seconds (the reference keeps it cheap for that); incidents only when the checks changed in a way that
 * matters, or when the claim booked the periodic refresh (an acknowledge changes no check).
 */

/**
 * The set of failing monitors: a monitor fails when its latest check from any location did not pass.
 * Not the newest check id, which changes on nearly every poll of a busy team and would make every
 * poll fetch incidents. Hashed, so the stored state stays small when many monitors are down.
 *
 * Then, after RECOVERED, the failures already over: for each monitor not failing now, its newest failed
 * check on the page. An outage that began and ended between two polls leaves the failing set as it was,
 * and without this part its incident waited for the 30 s refresh: an alert up to 30 s late. The part
 * changes only when a check fails, never while a monitor stays down, so it costs an incident read per
 * short failure, not per poll. Limit (A5): the page is the latest 50 checks; a failure that scrolled off
 * it between two polls is left to the refresh.
 */
export function checksSignature(checks: readonly CheckSnapshot[]): string {
  // The common case of a quiet team: no check failed at all, so no latest one did either. Same string
  // as the general path gives for an empty set, without a Map, a Set and a SHA-256 per poll.
  if (allPassed(checks)) return NONE_FAILING;
  const latest = new Map<string, CheckSnapshot>();
  const newestFailed = new Map<string, string>();
  // A5: newest first, so the first check of each monitor and location is its latest.
  for (const check of checks) {
    const key = `${check.monitorId}\u0000${check.location}`;
    if (!latest.has(key)) latest.set(key, check);
    if (check.state !== 1 && !newestFailed.has(check.monitorId)) newestFailed.set(check.monitorId, check.id);
  }
  const failing = new Set<string>();
  for (const check of latest.values()) if (check.state !== 1) failing.add(check.monitorId);
  const recovered: string[] = [];
  for (const [monitorId, checkId] of newestFailed) {
    if (!failing.has(monitorId)) recovered.push(`${monitorId}\u0000${checkId}`);
  }
  const signature = signatureOf([...failing].sort());
  return recovered.length === 0 ? signature : `${signature}${RECOVERED}${signatureOf(recovered.sort())}`;
}

/** Separates the failing set's part of a signature from the recovered failures' part. */
const RECOVERED = "+";

function signatureOf(sortedFailing: readonly string[]): string {
  const digest = createHash("sha256").update(sortedFailing.join("\n")).digest("base64url").slice(0, 16);
  return `${sortedFailing.length}:${digest}`;
}

/** The signature of "no monitor failing", as stored by every version so far. */
const NONE_FAILING = signatureOf([]);

function allPassed(checks: readonly CheckSnapshot[]): boolean {
  for (let i = 0; i < checks.length; i++) if (checks[i]!.state !== 1) return false;
  return true;
}

/**
 * True when the claim booked the incident refresh (PollTargetStore, every INCIDENT_REFRESH_MS), or none was
 * recorded yet (no state: incidents were never read), or the failing set changed, or a failure that is
 * already over is new since the signature recorded. A recovered failure that only scrolled off the page
 * reads nothing: the recorded signature keeps it until the next read records the checks again.
 */
export function needsIncidentFetch(
  prevChecksSignature: string | null | undefined,
  checks: readonly CheckSnapshot[],
  refreshDue: boolean,
): boolean {
  if (refreshDue || prevChecksSignature == null) return true;
  const next = checksSignature(checks);
  if (next === prevChecksSignature) return false;
  const [nextFailing, nextRecovered] = next.split(RECOVERED);
  const [prevFailing, prevRecovered] = prevChecksSignature.split(RECOVERED);
  return nextFailing !== prevFailing || (nextRecovered !== undefined && nextRecovered !== prevRecovered);
}
