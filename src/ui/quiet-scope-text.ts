import type { QuietScope } from "../domain/quiet-windows";
import { escapeMrkdwn, truncate } from "./text";

/** What a quiet window covers, in a sentence: "*Docs*", "the group *Edge*", "every monitor". */
export function quietScopeText(scope: QuietScope): string {
  if (scope.kind === "all") return "every monitor";
  if (scope.kind === "group") return `the group *${escapeMrkdwn(truncate(scope.group, 80))}*`;
  return scope.name ? `*${escapeMrkdwn(truncate(scope.name, 80))}*` : `monitor #${scope.monitorId}`;
}
