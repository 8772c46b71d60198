import type { QuietScope } from "../domain/quiet-windows";
import type { UserRef } from "../domain/workspace-ref";
import { workspaceOf } from "../domain/workspace-ref";
import { nextWallClock } from "../lib/time-zone";
import type { MaintenanceWindow } from "../store/maintenance-store";
import type { Subscription } from "../store/subscription-store";
import { requireAllowed, requireCurrentMember, requireLinked } from "./alerts-permission";
import { MaintenanceNotFoundError, MaintenanceTeamChoiceError, NotSubscribedHereError } from "./errors";
import { resolveMonitor } from "./find-monitor";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { withSession } from "./session";
import { resolveGroup } from "./stats-target";
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
  /** `--team <id|name>`: whose monitors; needed where the channel gets alerts of more than one team. */
  team?: string | undefined;
}

export type EndMaintenanceOutcome =
  | { kind: "ended"; window: MaintenanceWindow }
  | { kind: "cancelled"; window: MaintenanceWindow };

/**
 * `/uptime maintenance <monitor | group:NAME | all> <duration> [--at HH:MM] [--team T] [--reason text]`:
 * a planned quiet window of this channel for one API team's monitors. The team is the channel's
 * one subscribed team, or `--team` where it has several (asked for when missing: a window of one team must
 * never quiet another's outages). Who may plan one: a linked member of that team with a role other than
 * read-only, as the API says now. A monitor and a group are found with the planner's own token in that
 * team. The notes at its start and end are the schedule's (alerts/engine/schedules/maintenance-schedules.ts).
 */
export async function planMaintenance(
  deps: ServiceDeps,
  ref: UserRef,
  input: PlanMaintenanceInput,
): Promise<MaintenanceWindow> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const { sub, teamName } = await requirePlanner(deps, ref, input.channelId, input.team);
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
    ...(teamName ? { teamName } : {}),
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
  await requireWindowTeamWriter(deps, ref, window);
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
 * Ending a window (any one's, not only the planner's) needs a linked member of the window's own API team,
 * not read-only, as the API says now: an owner of another team subscribed in the same channel may not.
 */
async function requireWindowTeamWriter(
  deps: ServiceDeps,
  ref: UserRef,
  window: MaintenanceWindow,
): Promise<void> {
  const link = await requireLinked(deps, ref, "maintenance");
  const team = { id: window.apiTeamId, name: window.teamName ?? null };
  await requireCurrentMember(deps, ref, link, team, "maintenance");
}

/**
 * The caller may plan a window here: the team is the one this channel is subscribed to, or the one
 * `--team` names (by id, or by name among the caller's teams) where there are several; the caller is a
 * linked member of it, not read-only. Returns that team's subscription (it carries the window's notes).
 */
async function requirePlanner(
  deps: ServiceDeps,
  ref: UserRef,
  channelId: string,
  asked: string | undefined,
): Promise<{ sub: Subscription; teamName: string | null }> {
  const link = await requireLinked(deps, ref, "maintenance");
  const subscriptions = await requireAlerts(deps).subscriptions.listByChannel(workspaceOf(ref), channelId);
  if (subscriptions.length === 0) throw new NotSubscribedHereError();
  const teamIds = [...new Set(subscriptions.map((s) => s.apiTeamId))].sort();
  return decideOnMemberships(deps, ref, link, "maintenance", (teams) => {
    // A team's name is shown only to its members: the others read its id.
    const choices = teamIds.map((id) => ({ id, name: teams.find((t) => t.id === id)?.name ?? null }));
    const teamId = chooseTeam(choices, asked);
    const member = requireAllowed(teams, { id: teamId, name: null }, "maintenance");
    // A paused subscription cannot post the notes: one that works carries the window when there is one.
    const mine = subscriptions.filter((s) => s.apiTeamId === teamId);
    const sub = mine.find((s) => !s.paused) ?? mine[0]!;
    return { sub, teamName: member.name };
  });
}

/** The id of the team a window is for: `--team` by id or name, else the channel's only team. */
function chooseTeam(
  choices: readonly { id: string; name: string | null }[],
  asked: string | undefined,
): string {
  if (asked === undefined) {
    if (choices.length === 1) return choices[0]!.id;
    throw new MaintenanceTeamChoiceError(choices, null);
  }
  const lower = asked.trim().toLowerCase();
  const found =
    choices.find((c) => c.id === asked.trim()) ?? choices.find((c) => c.name?.toLowerCase() === lower);
  if (!found) throw new MaintenanceTeamChoiceError(choices, asked);
  return found.id;
}

async function scopeOf(
  deps: ServiceDeps,
  ref: UserRef,
  apiTeamId: string,
  target: MaintenanceTarget,
): Promise<QuietScope> {
  if (target.kind === "all") return { kind: "all" };
  if (target.kind === "group") {
    // The group as the window's team spells it: a name that team does not have is a typo, said now.
    const group = await withSession(deps, ref, ({ api }) => resolveGroup(api, apiTeamId, target.group));
    return { kind: "group", group: group.name };
  }
  const monitor = await withSession(deps, ref, ({ api }) => resolveMonitor(api, apiTeamId, target.monitor));
  return { kind: "monitor", monitorId: monitor.id, name: monitor.name };
}
