import type { ApiTeam, LinkRecord } from "../store/link-store";
import type { UserRef } from "../store/workspace";
import { type AlertsChange, AlertsChangeNotAllowedError, ReadOnlyRoleError } from "./errors";
import type { ServiceDeps } from "./service-deps";

/**
 * Who may change a channel's alerts (DESIGN.md section 1): subscribe, unsubscribe, mute and unmute need a
 * linked account (not stale) that belongs to the subscribed API team. Membership and role come from the
 * link's teams, as `GET /users/me` gave them at link time (`/uptime login` again refreshes them).
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

/** The caller's membership of `team` (id, and its name for the sentence when they are not a member). */
export function requireMember(
  link: LinkRecord,
  team: { id: string; name: string | null },
  change: AlertsChange,
): ApiTeam {
  const member = link.teams.find((t) => t.id === team.id);
  if (!member) throw new AlertsChangeNotAllowedError(change, "not_member", team.name);
  return member;
}

/**
 * `--mention here|channel` and replacing someone else's subscription need a role other than read-only.
 * A3: only `owner` is shown on the wire; read-only is named in prose, so any spelling of it counts
 * (`read-only`, `read_only`, `readonly`, "Read only") and every other role is allowed.
 */
export function requireWriteRole(team: ApiTeam, need: "mention" | "replace"): void {
  if (isReadOnly(team.role)) throw new ReadOnlyRoleError(need, team.name);
}

export function isReadOnly(role: string): boolean {
  return role.toLowerCase().replace(/[\s_-]/g, "") === "readonly";
}
