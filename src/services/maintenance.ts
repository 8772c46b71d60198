import type { QuietScope } from "../domain/quiet-windows";
import { nextWallClock } from "../lib/time-zone";
import type { MaintenanceWindow } from "../store/maintenance-store";
import type { Subscription } from "../store/subscription-store";
import type { UserRef } from "../store/workspace";
import { workspaceOf } from "../store/workspace";
import { requireAllowed, requireCurrentMember, requireLinked } from "./alerts-permission";
import { AlertsChangeNotAllowedError, MaintenanceNotFoundError, NotSubscribedHereError } from "./errors";
import { resolveMonitor } from "./find-monitor";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { decideOnMemberships } from "./team-membership";

/** What the window covers, as typed (the grammar's MaintenanceTarget): a monitor is looked up by name. */
export type MaintenanceTarget =
  | { kind: "monitor"; monitor: string }
  | { kind: "group"; group: string }
  | { kind: "all" };

export interface PlanMaintenanceInput {
  channelId: string;
  target: MaintenanceTarget;
  minutes: number;
  /** `--at HH:MM` in `timeZone` (the planner's Slack zone); absent: from now. */
  at?: { hour: number; minute: number } | undefined;
  timeZone: string;
  reason?: string | undefined;
}

export type EndMaintenanceOutcome =
  | { kind: "ended"; window: MaintenanceWindow }
  | { kind: "cancelled"; window: MaintenanceWindow };

/**
 * `/uptime maintenance <monitor | group:NAME | all> <duration> [--at HH:MM] [--reason text]` (issue 37): a
 * planned quiet window of this channel. Who may plan one: a linked member of a team this channel is
 * subscribed to, with a role other than read-only, as the API says now (a window quiets the channel like a
 * mute, for everyone, for up to a week). A monitor is found with the planner's own token in that team. The
 * notes at its start and end are the schedule's (alerts/schedules/maintenance-schedules.ts).
 */
export async function planMaintenance(
  deps: ServiceDeps,
  ref: UserRef,
  input: PlanMaintenanceInput,
): Promise<MaintenanceWindow> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const sub = (await requirePlanner(deps, ref, input.channelId, null))!;
  const scope = await scopeOf(deps, ref, sub.apiTeamId, input.target);
  const now = deps.clock.now();
  const startAt = input.at ? nextWallClock(input.at.hour, input.at.minute, input.timeZone, now) : now;
  const window = await alerts.maintenance.windows.plan(ws, input.channelId, {
    scope,
    startAt,
    endAt: startAt + input.minutes * 60_000,
    by: ref.userId,
    reason: input.reason ?? null,
    subscriptionId: sub.id,
    apiTeamId: sub.apiTeamId,
  });
  await alerts.maintenance.schedules.schedule(window);
  deps.logger.info(
    { channel: input.channelId, window: window.id, scope: scope.kind, startAt, by: ref.userId },
    "maintenance window planned",
  );
  return window;
}

/**
 * `/uptime maintenance end <id>`: a window going on ends now (its end note and the outages it held back
 * follow from the schedule); one not started yet is cancelled without a note. The same rule as planning.
 */
export async function endMaintenance(
  deps: ServiceDeps,
  ref: UserRef,
  input: { channelId: string; id: string },
): Promise<EndMaintenanceOutcome> {
  const { windows, schedules } = requireAlerts(deps).maintenance;
  const ws = workspaceOf(ref);
  const live = await windows.listChannel(ws, input.channelId);
  const window = live.find((w) => w.id === input.id);
  if (!window)
    throw new MaintenanceNotFoundError(
      input.id,
      live.map((w) => w.id),
    );
  await requirePlanner(deps, ref, input.channelId, window.apiTeamId);
  const now = deps.clock.now();
  if (window.startAt > now) {
    await schedules.cancel(window);
    await windows.remove(ws, input.channelId, window.id);
    deps.logger.info(
      { channel: input.channelId, window: window.id, by: ref.userId },
      "maintenance cancelled",
    );
    return { kind: "cancelled", window };
  }
  const ended: MaintenanceWindow = { ...window, endAt: now, endedBy: ref.userId };
  await windows.put(ws, input.channelId, ended);
  await schedules.endNow(ended, now);
  deps.logger.info(
    { channel: input.channelId, window: window.id, by: ref.userId },
    "maintenance ended early",
  );
  return { kind: "ended", window: ended };
}

/** `/uptime maintenance`: this channel's windows planned or going on. Anyone in the channel may look. */
export async function listMaintenance(
  deps: ServiceDeps,
  ref: UserRef,
  channelId: string,
): Promise<MaintenanceWindow[]> {
  return requireAlerts(deps).maintenance.windows.listChannel(workspaceOf(ref), channelId);
}

/**
 * The caller may plan or end windows here (the role table's `maintenance` row): a linked member, not
 * read-only, of `apiTeamId` (the window's own
 * team, when ending one) or else of a team the channel is subscribed to, whose subscription is returned
 * (it carries the window's notes).
 */
async function requirePlanner(
  deps: ServiceDeps,
  ref: UserRef,
  channelId: string,
  apiTeamId: string | null,
): Promise<Subscription | null> {
  const link = await requireLinked(deps, ref, "maintenance");
  if (apiTeamId !== null) {
    await requireCurrentMember(deps, ref, link, { id: apiTeamId, name: null }, "maintenance");
    return null;
  }
  const subscriptions = await requireAlerts(deps).subscriptions.listByChannel(workspaceOf(ref), channelId);
  if (subscriptions.length === 0) throw new NotSubscribedHereError();
  return decideOnMemberships(deps, ref, link, "maintenance", (teams) => {
    // A paused subscription cannot post the notes: one that works carries the window when there is one.
    const mine = subscriptions.filter((s) => teams.some((t) => t.id === s.apiTeamId));
    const sub = mine.find((s) => !s.paused) ?? mine[0];
    if (!sub) throw new AlertsChangeNotAllowedError("maintenance", "not_member", null);
    requireAllowed(teams, { id: sub.apiTeamId, name: null }, "maintenance");
    return sub;
  });
}

async function scopeOf(
  deps: ServiceDeps,
  ref: UserRef,
  apiTeamId: string,
  target: MaintenanceTarget,
): Promise<QuietScope> {
  if (target.kind === "all") return { kind: "all" };
  if (target.kind === "group") return { kind: "group", group: target.group };
  const monitor = await withSession(deps, ref, ({ api }) => resolveMonitor(api, apiTeamId, target.monitor));
  return { kind: "monitor", monitorId: monitor.id, name: monitor.name };
}
