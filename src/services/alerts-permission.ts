import type { ApiTeam, LinkRecord } from "../store/link-store";
import type { Subscription } from "../store/subscription-store";
import type { UserRef } from "../store/workspace";
import {
  type AlertsChange,
  AlertsChangeNotAllowedError,
  type ReadOnlyNeed,
  ReadOnlyRoleError,
} from "./errors";
import type { ServiceDeps } from "./service-deps";
import { decideOnMemberships } from "./team-membership";

/**
 * Who may change a channel's alerts (docs/architecture.md section 1): subscribe, unsubscribe, mute and unmute need a
 * linked account (not stale) that belongs to the subscribed API team. Membership and role are the API's
 * current answer (requireCurrentMember, issue 32), not the teams stored in the link at login.
 */
export async function requireLinked(
  deps: ServiceDeps,
  ref: UserRef,
  change: AlertsChange,
): Promise<LinkRecord> {
  const link = await deps.links.get(ref);
  if (!link) throw new AlertsChangeNotAllowedError(change, "not_linked", null);
  if (link.stale) throw new AlertsChangeNotAllowedError(change, "stale", null);
  return link;
}

/**
 * The caller's current membership of `team`, read from the API (at most a minute old when it allows:
 * team-membership.ts), after `check` (e.g. requireWriteRole) accepted it. `team.name` names the team in the
 * refusal when the caller is not a member.
 */
export function requireCurrentMember(
  deps: ServiceDeps,
  ref: UserRef,
  link: LinkRecord,
  team: { id: string; name: string | null },
  change: AlertsChange,
  check?: (member: ApiTeam) => void,
): Promise<ApiTeam> {
  return decideOnMemberships(deps, ref, link, change, (teams) => {
    const member = requireMember(teams, team, change);
    check?.(member);
    return member;
  });
}

/** The caller's membership of `team` among `teams` (id, and its name for the sentence when not a member). */
export function requireMember(
  teams: readonly ApiTeam[],
  team: { id: string; name: string | null },
  change: AlertsChange,
): ApiTeam {
  const member = teams.find((t) => t.id === team.id);
  if (!member) throw new AlertsChangeNotAllowedError(change, "not_member", team.name);
  return member;
}

/**
 * `--mention here|channel`, and replacing or removing someone else's subscription, need a role other than
 * read-only. A3: only `owner` is shown on the wire; read-only is named in prose, so any spelling of it
 * counts (`read-only`, `read_only`, `readonly`, "Read only") and every other role is allowed.
 */
export function requireWriteRole(team: ApiTeam, need: ReadOnlyNeed): void {
  if (isReadOnly(team.role)) throw new ReadOnlyRoleError(need, team.name);
}

/**
 * The one rule for a subscription someone else set up (issue 32, point 4): replacing it and removing it
 * need the same role, so that a read-only member cannot undo an owner's `--mention`, `--escalate` or
 * `--digest` by unsubscribing and subscribing again. One's own subscription is one's own to change.
 */
export function requireMayTakeOver(
  member: ApiTeam,
  subscription: Pick<Subscription, "subscriber"> | null,
  ref: UserRef,
  action: "replace" | "remove",
): void {
  if (subscription && subscription.subscriber.userId !== ref.userId) requireWriteRole(member, action);
}

export function isReadOnly(role: string): boolean {
  return role.toLowerCase().replace(/[\s_-]/g, "") === "readonly";
}
