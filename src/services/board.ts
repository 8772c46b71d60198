import type { BoardEntry, BoardPaused } from "../alerts";
import { matchesFilters } from "../domain/subscription-filters";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { Subscription } from "../store/subscription-store";
import type { UptimeApi } from "../uptime";
import { requireCurrentMember, requireLinked } from "./alerts-permission";
import { collectPages } from "./collect-pages";
import { NotSubscribedHereError } from "./errors";
import { openIncidents } from "./open-incidents";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { withSession } from "./session";

/** Pages of monitors read for the paused ones: a board of a bigger team lists the first ones. */
const PAUSED_SCAN_PAGES = 10;

/**
 * `/uptime board [group:NAME]`: the channel's live board. What is down and paused now is read once with the
 * caller's token (the board then follows the channel's events); the post itself goes through the outbox,
 * once. Any linked member of a team subscribed here may ask (the role table's `post-board`).
 */
export async function postBoard(
  deps: ServiceDeps,
  ref: UserRef,
  input: { channelId: string; group?: string | undefined },
): Promise<void> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const sub = await requireBoardMember(deps, ref, input.channelId);
  const subs = await alerts.subscriptions.listByChannel(ws, input.channelId);
  const group = input.group?.trim() || null;
  const seen = await withSession(deps, ref, ({ api }) => readNow(api, subs, group));
  const seed = await Promise.all(
    seen.down.map(async (e) =>
      e.state === "acknowledged" && e.incidentId
        ? { ...e, ackedBy: await alerts.messages.ackedBy(ws, e.incidentId) }
        : e,
    ),
  );
  await alerts.board.request({
    type: "board",
    action: "post",
    subscriptionId: sub.id,
    group,
    by: ref.userId,
    seed,
    paused: seen.paused,
  });
}

/** `/uptime board off`: the board's message is deleted (and unpinned). */
export async function removeBoard(deps: ServiceDeps, ref: UserRef, channelId: string): Promise<void> {
  const sub = await requireBoardMember(deps, ref, channelId);
  await requireAlerts(deps).board.request({
    type: "board",
    action: "off",
    subscriptionId: sub.id,
    by: ref.userId,
  });
}

async function requireBoardMember(deps: ServiceDeps, ref: UserRef, channelId: string): Promise<Subscription> {
  const subs = await requireAlerts(deps).subscriptions.listByChannel(workspaceOf(ref), channelId);
  const sub = subs.find((s) => !s.paused) ?? subs[0];
  if (!sub) throw new NotSubscribedHereError();
  const link = await requireLinked(deps, ref, "board");
  await requireCurrentMember(deps, ref, link, { id: sub.apiTeamId, name: null }, "post-board");
  return sub;
}

/** The open incidents and paused monitors of each subscribed team the caller may read, as the board shows them. */
async function readNow(
  api: UptimeApi,
  subs: readonly Subscription[],
  group: string | null,
): Promise<{ down: BoardEntry[]; paused: BoardPaused[] }> {
  const down: BoardEntry[] = [];
  const paused: BoardPaused[] = [];
  const inGroup = (g: string | null | undefined) =>
    group === null || (g ?? "").toLowerCase() === group.toLowerCase();
  const shown = (monitorId: string, monitorGroup: string | null) =>
    subs.some((s) => matchesFilters(s.filters, { monitorId, monitor: { group: monitorGroup } })) &&
    inGroup(monitorGroup);
  for (const teamId of new Set(subs.map((s) => s.apiTeamId))) {
    try {
      const open = await openIncidents(api, teamId);
      for (const incident of open.items) {
        const monitorId = incident.monitorId;
        if (!monitorId || incident.maintenance || !shown(monitorId, incident.monitor?.group ?? null))
          continue;
        down.push({
          monitorId,
          name: incident.monitor?.name ?? `Monitor ${monitorId}`,
          group: incident.monitor?.group ?? null,
          state: incident.acknowledged ? "acknowledged" : "down",
          since: incident.started.getTime(),
          incidentId: incident.id,
        });
      }
      const monitors = await collectPages(await api.teams.monitors(teamId), PAUSED_SCAN_PAGES);
      for (const m of monitors.items)
        if (m.paused && shown(m.id, m.group)) paused.push({ monitorId: m.id, name: m.name, group: m.group });
    } catch {
      // A team the caller cannot read (another team's subscription here): the board follows its events only.
    }
  }
  // One line per monitor: its newest open incident.
  const byMonitor = new Map<string, BoardEntry>();
  for (const e of down) if (!byMonitor.has(e.monitorId)) byMonitor.set(e.monitorId, e);
  return { down: [...byMonitor.values()].slice(0, 200), paused: paused.slice(0, 200) };
}
