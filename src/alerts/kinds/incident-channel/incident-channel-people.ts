import { escalationStepsOf, type Mention } from "../../../domain/escalation-steps";
import type { Subscription } from "../../../store/subscription-store";

/** People invited at most, the clicker first: a channel opened by one click never fills with a crowd. */
export const INVITES_MAX = 10;

export type UsergroupMention = Extract<Mention, { kind: "usergroup" }>;

/** A user group is mentioned, never invited member by member; `@here`/`@channel` name nobody. */
export function incidentChannelPeople(
  subs: readonly Pick<Subscription, "apiTeamId" | "mention" | "escalateMinutes" | "escalateSteps">[],
  apiTeamId: string,
  clicker: string,
): { people: string[]; groups: UsergroupMention[] } {
  const people = new Set([clicker]);
  const groups = new Map<string, UsergroupMention>();
  for (const sub of subs) {
    if (sub.apiTeamId !== apiTeamId) continue;
    for (const mention of [sub.mention, ...escalationStepsOf(sub).map((s) => s.mention)]) {
      if (mention?.kind === "user" && people.size < INVITES_MAX) people.add(mention.id);
      else if (mention?.kind === "usergroup") groups.set(mention.id, mention);
    }
  }
  return { people: [...people], groups: [...groups.values()] };
}
