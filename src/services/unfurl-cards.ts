import { mergeRunbooks, type Runbook } from "../domain/runbooks";
import type { WebLinkTarget } from "../domain/web-link-target";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { UnfurlRecord, UnfurlStore } from "../store/unfurl-store";
import {
  type Incident,
  type Monitor,
  NotFoundError,
  PermissionDeniedError,
  type UptimeApi,
  UptimeError,
} from "../uptime";
import { InvalidTokenError, NotLinkedError, ServiceError, StaleLinkError } from "./errors";
import type { ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** What an unfurled link of the web app shows (docs/slack-app.md "Link unfurls"). */
export interface UnfurlCardView {
  target: WebLinkTarget;
  /** Null when the monitor is gone (deleted since the incident) or the incident names none. */
  monitor: Pick<Monitor, "id" | "name" | "state" | "paused"> | null;
  /** The linked incident, or the monitor's open incident; null for a monitor without one. */
  incident: Incident | null;
  /** The API team of the incident, for its Acknowledge button; null when the API does not say. */
  teamId: string | null;
  /** When the shown state began: the incident's start while open, its end once over. */
  since: Date | null;
  /** A10: the last 24 hourly points' availability in percent; null where there is no data. */
  availability24h: number | null;
  /** The Slack user who acknowledged the incident from Slack, when one did. */
  ackedBy: string | null;
  /** The monitor's runbook links (`/uptime runbook`), shown while its incident is open. */
  runbooks?: Runbook[];
}

/** A11: what the card needs of a monitor, in one request. */
const CARD_INCLUDES = ["incidents", "availability-hourly"] as const;

/**
 * How long an open incident's unfurls are refreshed (the Redis record's TTL): long outages are rare, and a
 * message days old is seldom read; a refresh after the TTL would only cost API calls.
 */
export const UNFURL_REFRESH_TTL_SECONDS = 3 * 24 * 3600;

/**
 * The card of a pasted link, read with the poster's own token (docs/architecture.md section 7). Null, and
 * nothing read, when they are not linked; null when the API refuses them the monitor or incident (not a
 * member of its team: 403/404) or cannot answer: an unfurl must never show what its poster may not see, nor
 * say why (the people reading the channel would learn that it exists).
 */
export async function unfurlCard(
  deps: ServiceDeps,
  ref: UserRef,
  target: WebLinkTarget,
): Promise<UnfurlCardView | null> {
  const read = await readUnfurlCard(deps, ref, target);
  return read.kind === "card" ? read.view : null;
}

/**
 * A card read with the poster's token, and when there is none, whether that lasts: `gone` when they are
 * not linked (or their token was confirmed refused) or the API answers 403/404 for them (they lost access
 * to the team); `unavailable` for what may pass (an unconfirmed 401, a 5xx, the rate limit).
 */
export type UnfurlCardRead =
  | { kind: "card"; view: UnfurlCardView }
  | { kind: "gone" }
  | { kind: "unavailable" };

export async function readUnfurlCard(
  deps: ServiceDeps,
  ref: UserRef,
  target: WebLinkTarget,
): Promise<UnfurlCardRead> {
  try {
    const view = await withSession(deps, ref, (session) => readCard(deps, ref, session.api, target));
    return { kind: "card", view };
  } catch (error) {
    if (
      error instanceof NotLinkedError ||
      error instanceof StaleLinkError ||
      error instanceof InvalidTokenError ||
      error instanceof NotFoundError ||
      error instanceof PermissionDeniedError
    )
      return { kind: "gone" };
    if (error instanceof ServiceError || error instanceof UptimeError) return { kind: "unavailable" };
    throw error;
  }
}

async function readCard(
  deps: ServiceDeps,
  ref: UserRef,
  api: UptimeApi,
  target: WebLinkTarget,
): Promise<UnfurlCardView> {
  let monitor: Monitor | null;
  let incident: Incident | null;
  if (target.kind === "incident") {
    incident = await api.incidents.get(target.incidentId); // A7
    monitor = incident.monitorId
      ? await api.monitors.get(incident.monitorId, { include: [...CARD_INCLUDES] }).catch((e: unknown) => {
          if (e instanceof NotFoundError) return null;
          throw e;
        })
      : null;
  } else {
    monitor = await api.monitors.get(target.monitorId, { include: [...CARD_INCLUDES] });
    incident = monitor.incidents?.items.find((i) => i.open) ?? null;
  }
  const lastEnded = monitor?.incidents?.items.find((i) => i.ended)?.ended ?? null;
  const since = incident ? (incident.ended ?? incident.started) : lastEnded;
  const ackedBy = incident?.acknowledged
    ? ((await deps.alerts?.messages.ackedBy(workspaceOf(ref), incident.id).catch(() => null)) ?? null)
    : null;
  const teamId = incident?.teamId ?? null;
  const found =
    monitor && teamId && deps.alerts
      ? await deps.alerts.runbooks.forMonitor(teamId, monitor.id, monitor.group).catch(() => null)
      : null;
  return {
    ...(found ? { runbooks: mergeRunbooks([found.monitor, found.group]) } : {}),
    target,
    monitor: monitor
      ? { id: monitor.id, name: monitor.name, state: monitor.state, paused: monitor.paused }
      : null,
    incident,
    teamId: incident?.teamId ?? null,
    since,
    availability24h: monitor?.availabilityHourly?.totals.availability ?? null,
    ackedBy,
  };
}

/**
 * Remembers an unfurl that shows an open incident, so that the alert pipeline's next event about it
 * refreshes the card (chat.unfurl again on the same message: "Subsequent attempts with the same ts and
 * channel values will modify the same attachments", https://docs.slack.dev/reference/methods/chat.unfurl).
 */
export async function rememberUnfurl(
  deps: { unfurls?: UnfurlStore | undefined },
  record: UnfurlRecord,
  view: UnfurlCardView,
): Promise<void> {
  if (!deps.unfurls || !view.incident?.open) return;
  await deps.unfurls.remember(view.incident.id, record, UNFURL_REFRESH_TTL_SECONDS);
}

/** One unfurl to draw again, read afresh with its poster's token; `view` null: nothing to draw this time. */
export interface UnfurlRefresh {
  record: UnfurlRecord;
  view: UnfurlCardView | null;
}

/**
 * The unfurls of an incident that changed, each card read again with the token of whoever posted the link.
 * A card stops being refreshed (its record dropped, docs/slack-app.md "Link unfurls") once its poster is no
 * longer linked, the API refuses them (403/404), they withdrew their consent (Not here, Never), or the
 * conversation is shared with another organization and its workspace no longer allows that. Once the
 * incident is over, its records are dropped after this last refresh.
 */
export async function unfurlsToRefresh(deps: ServiceDeps, incidentId: string): Promise<UnfurlRefresh[]> {
  const store = deps.unfurls;
  if (!store) return [];
  const records = await store.list(incidentId);
  const reads = await Promise.all(
    records.map(async (record) => {
      if (!(await stillConsented(deps, record))) return { record, read: { kind: "gone" } as UnfurlCardRead };
      return { record, read: await readUnfurlCard(deps, record.postedBy, record.target) };
    }),
  );
  const kept: UnfurlRefresh[] = [];
  for (const { record, read } of reads) {
    if (read.kind === "gone") await store.forgetOne(incidentId, record);
    else kept.push({ record, view: read.kind === "card" ? read.view : null });
  }
  const stillOpen = kept.some((r) => r.view?.incident?.id === incidentId && r.view.incident.open);
  if (!stillOpen) await store.forget(incidentId);
  return kept;
}

/** A card some check outside this module (the poster left the channel) says to refresh no more. */
export async function forgetUnfurl(
  deps: { unfurls?: UnfurlStore | undefined },
  incidentId: string,
  record: UnfurlRecord,
): Promise<void> {
  await deps.unfurls?.forgetOne(incidentId, record);
}

async function stillConsented(deps: ServiceDeps, record: UnfurlRecord): Promise<boolean> {
  const consent = deps.unfurlConsent;
  if (!consent) return true;
  if (record.external && !(await consent.externalAllowed(workspaceOf(record.postedBy)))) return false;
  return (await consent.choice(record.postedBy, record.channel)) === "show";
}
