import { type HandoverTime, newRota, onCallAt, type Rota } from "../domain/oncall-rota";
import type { UserRef } from "../domain/workspace-ref";
import { workspaceOf } from "../domain/workspace-ref";
import type { StoredRota } from "../store/rota-store";
import type { Subscription } from "../store/subscription-store";
import { requireAllowed, requireLinked } from "./alerts-permission";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { decideOnMemberships } from "./team-membership";

export interface SetOncallInput {
  channelId: string;
  people: string[];
  everyDays: number;
  at: HandoverTime;
  /** The setter's Slack time zone: the handover follows its wall clock. */
  timeZone: string;
  group?: { id: string; handle: string } | undefined;
  /**
   * Sets the user group's members to the person on call now, before anything is stored: a refusal
   * (no usergroups:write, a free Slack plan) throws and leaves the channel's rota as it was.
   */
  applyGroup?: ((group: { id: string; handle: string }, user: string) => Promise<void>) | undefined;
}

export type OncallOutcome =
  | { kind: "not-subscribed" }
  | { kind: "no-rota" }
  | { kind: "off" }
  | { kind: "rota"; rota: StoredRota; now: number };

/**
 * `/uptime oncall set`: the channel's rota, the first person on call from now until the next handover.
 * Who may: a linked member, not read-only, of a team this channel gets alerts of (the role table's
 * `oncall` row); that team's subscription carries the handovers.
 */
export async function setOncall(
  deps: ServiceDeps,
  ref: UserRef,
  input: SetOncallInput,
): Promise<OncallOutcome> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const sub = await requireRotaWriter(deps, ref, input.channelId);
  if (!sub) return { kind: "not-subscribed" };
  const now = deps.clock.now();
  const rota: Rota = newRota(
    {
      people: input.people,
      everyDays: input.everyDays,
      at: input.at,
      timeZone: input.timeZone,
      setBy: ref.userId,
      ...(input.group ? { group: input.group } : {}),
    },
    now,
  );
  const first = onCallAt(rota, now).user;
  if (input.group && input.applyGroup) await input.applyGroup(input.group, first);
  // The person on call now was told by the command: the first handover announced is the next one.
  const stored: StoredRota = {
    ...rota,
    subscriptionId: sub.id,
    handover: { period: "set", user: first, dm: true },
  };
  await alerts.oncall.rotas.put(ws, input.channelId, stored);
  await alerts.oncall.book({ ws, channelId: input.channelId, subscriptionId: sub.id, rota, now });
  deps.logger.info({ channel: input.channelId, people: rota.people.length, by: ref.userId }, "rota set");
  return { kind: "rota", rota: stored, now };
}

/** `/uptime oncall override @b 4h`: this person from now, whoever's turn it is; the rota resumes after. */
export async function overrideOncall(
  deps: ServiceDeps,
  ref: UserRef,
  input: { channelId: string; user: string; minutes: number },
): Promise<OncallOutcome> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const rota = await alerts.oncall.rotas.get(ws, input.channelId);
  if (!rota) return { kind: "no-rota" };
  if (!(await requireRotaWriter(deps, ref, input.channelId))) return { kind: "not-subscribed" };
  const now = deps.clock.now();
  const overridden: StoredRota = {
    ...rota,
    override: { user: input.user, from: now, until: now + input.minutes * 60_000 },
  };
  await alerts.oncall.rotas.put(ws, input.channelId, overridden);
  // Due now: the override's start is a handover of its own (note, DM, user group).
  await alerts.oncall.book({
    ws,
    channelId: input.channelId,
    subscriptionId: rota.subscriptionId,
    rota: { ...overridden, override: { ...overridden.override!, from: now + 1 } },
    now,
  });
  deps.logger.info({ channel: input.channelId, minutes: input.minutes, by: ref.userId }, "rota overridden");
  return { kind: "rota", rota: overridden, now };
}

/** `/uptime oncall off`: no rota, no handovers; `oncall` in the channel's mentions pings nobody. */
export async function turnOncallOff(
  deps: ServiceDeps,
  ref: UserRef,
  channelId: string,
): Promise<OncallOutcome> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  const rota = await alerts.oncall.rotas.get(ws, channelId);
  if (!rota) return { kind: "no-rota" };
  if (!(await requireRotaWriter(deps, ref, channelId))) return { kind: "not-subscribed" };
  await alerts.oncall.cancel(ws, channelId);
  await alerts.oncall.rotas.remove(ws, channelId);
  deps.logger.info({ channel: channelId, by: ref.userId }, "rota turned off");
  return { kind: "off" };
}

/** `/uptime oncall`: anyone in the channel may look. */
export async function showOncall(deps: ServiceDeps, ref: UserRef, channelId: string): Promise<OncallOutcome> {
  const rota = await requireAlerts(deps).oncall.rotas.get(workspaceOf(ref), channelId);
  return rota ? { kind: "rota", rota, now: deps.clock.now() } : { kind: "no-rota" };
}

/**
 * The subscription that carries the channel's handovers, once the caller is allowed: a team of the
 * channel's subscriptions in which they are a writer (the first such team, by id). Null: no subscription.
 */
async function requireRotaWriter(
  deps: ServiceDeps,
  ref: UserRef,
  channelId: string,
): Promise<Subscription | null> {
  const subscriptions = await requireAlerts(deps).subscriptions.listByChannel(workspaceOf(ref), channelId);
  if (subscriptions.length === 0) return null;
  const link = await requireLinked(deps, ref, "oncall");
  const teamIds = [...new Set(subscriptions.map((s) => s.apiTeamId))].sort();
  return decideOnMemberships(deps, ref, link, "oncall", (teams) => {
    const writable = teamIds.find((id) => {
      try {
        requireAllowed(teams, { id, name: null }, "oncall");
        return true;
      } catch {
        return false;
      }
    });
    // None: the refusal of the first team says which role it takes.
    const teamId = writable ?? teamIds[0]!;
    requireAllowed(teams, { id: teamId, name: teams.find((t) => t.id === teamId)?.name ?? null }, "oncall");
    const mine = subscriptions.filter((s) => s.apiTeamId === teamId);
    return mine.find((s) => !s.paused) ?? mine[0]!;
  });
}
