import type { QuietScope } from "../domain/quiet-windows";
import { escapeMrkdwn, truncate } from "./text";

/**
 * What a quiet window covers, in a sentence: "*Docs*", "the group *Edge*", "every monitor"; a group and
 * `all` name the window's team when it is known ("every monitor of *Acme*"): another team's are not covered.
 */
export function quietScopeText(scope: QuietScope, teamName?: string | null): string {
  const ofTeam = teamName ? ` of *${escapeMrkdwn(truncate(teamName, 80))}*` : "";
  if (scope.kind === "all") return `every monitor${ofTeam}`;
  if (scope.kind === "group") return `the group *${escapeMrkdwn(truncate(scope.group, 80))}*${ofTeam}`;
  return scope.name ? `*${escapeMrkdwn(truncate(scope.name, 80))}*` : `monitor #${scope.monitorId}`;
}
