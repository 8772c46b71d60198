import { createHash } from "node:crypto";
import type { CheckSnapshot } from "../../engine/poll/detector";

// Incidents are read only when the checks changed in a way that matters, or the refresh is due.

// The failing set, not the newest check id (which changes nearly every poll), plus failures already over,
// so an outage that began and ended between two polls is not 30 s late. Hashed to keep the state small.
export function checksSignature(checks: readonly CheckSnapshot[]): string {
  // A quiet team: the general path's string for an empty set, without a Map, a Set and a SHA-256 per poll.
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

/** A recovered failure that only scrolled off the page reads nothing. */
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
