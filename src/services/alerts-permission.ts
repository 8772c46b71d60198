import { type AlertingAction, mayChange, roleRow, standingOf } from "../domain/alerting-roles";
import type { UserRef } from "../domain/workspace-ref";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import type { Subscription } from "../store/subscription-store";
import { type AlertsChange, AlertsChangeNotAllowedError, ReadOnlyRoleError } from "./errors";
import type { ServiceDeps } from "./service-deps";
import { decideOnMemberships } from "./team-membership";

/**
 * Who may change a channel's alerts (docs/architecture.md section 1): every change needs a linked account
 * (not stale); the role table (src/domain/alerting-roles.ts) then decides on the caller's membership and
 * role in the subscribed API team, as the API says now (requireCurrentMember), not the teams
 * stored in the link at login.
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
 * team-membership.ts), once the role table allowed every one of `actions` to it. `team.name` names the
 * team in the refusal when the caller is not a member.
 */
export function requireCurrentMember(
  deps: ServiceDeps,
  ref: UserRef,
  link: LinkRecord,
  team: { id: string; name: string | null },
  actions: AlertingAction | readonly AlertingAction[],
): Promise<ApiTeam> {
  const list = typeof actions === "string" ? [actions] : actions;
  const change = roleRow(list[0] ?? "subscribe").change;
  return decideOnMemberships(deps, ref, link, change, (teams) => requireAllowed(teams, team, list));
}

/**
 * The caller's membership of `team` among `teams`, if the role table allows each of `actions` to their
 * role there: an outsider is told they are not a member, a read-only member what the row says.
 */
export function requireAllowed(
  teams: readonly ApiTeam[],
  team: { id: string; name: string | null },
  actions: AlertingAction | readonly AlertingAction[],
): ApiTeam {
  const list = typeof actions === "string" ? [actions] : actions;
  const member = teams.find((t) => t.id === team.id);
  for (const action of list) {
    if (mayChange(action, standingOf(member?.role)).allowed) continue;
    if (!member) throw new AlertsChangeNotAllowedError(roleRow(action).change, "not_member", team.name);
    throw new ReadOnlyRoleError(action, member.name || team.name);
  }
  if (!member) throw new AlertsChangeNotAllowedError(roleRow(list[0]!).change, "not_member", team.name);
  return member;
}

/**
 * The row of a subscription about to be replaced or removed: someone else's needs the
 * role that replacing it needs, so that a read-only member cannot undo an owner's `--mention`,
 * `--escalate` or `--digest` by unsubscribing and subscribing again. One's own is one's own to change.
 */
export function takeOverAction(
  subscription: Pick<Subscription, "subscriber"> | null,
  ref: UserRef,
  change: "replace" | "remove",
): AlertingAction {
  const others = subscription !== null && subscription.subscriber.userId !== ref.userId;
  if (change === "replace") return others ? "replace-others" : "subscribe";
  return others ? "unsubscribe-others" : "unsubscribe-own";
}
