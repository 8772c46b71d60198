import type { Runbook, RunbookTarget } from "../domain/runbooks";
import type { UserRef } from "../domain/workspace-ref";
import type { RunbookTargetArgument } from "../grammar";
import { requireCurrentMember } from "./alerts-permission";
import { resolveMonitor } from "./find-monitor";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { type UserSession, withSession } from "./session";
import { resolveGroup } from "./stats-target";

/** Whose runbooks, found in the caller's active team: the id or name kept, and the name shown. */
export interface RunbookSubject {
  target: RunbookTarget;
  name: string;
  teamName: string;
}

export type RunbookOutcome =
  | { kind: "list"; subject: RunbookSubject; runbooks: Runbook[] }
  | { kind: "added"; subject: RunbookSubject; runbooks: Runbook[] }
  | { kind: "full"; subject: RunbookSubject; runbooks: Runbook[] }
  | { kind: "removed"; subject: RunbookSubject; removed: Runbook; runbooks: Runbook[] }
  | { kind: "no-such"; subject: RunbookSubject; n: number; runbooks: Runbook[] };

export type RunbookRequest =
  | { action: "list"; target: RunbookTargetArgument }
  | { action: "add"; target: RunbookTargetArgument; url: string; label?: string | undefined }
  | { action: "remove"; target: RunbookTargetArgument; n: number };

/**
 * `/uptime runbook`: a monitor's or group's runbook links in the caller's active team. Anyone linked to the
 * team may list them; adding or removing is the role table's `edit-runbooks` row (not read-only), as the
 * API says now. The URL was checked by the grammar (https only).
 */
export function runbook(deps: ServiceDeps, ref: UserRef, request: RunbookRequest): Promise<RunbookOutcome> {
  const store = requireAlerts(deps).runbooks;
  return withSession(deps, ref, async (session) => {
    const subject = await subjectOf(session, request.target);
    const teamId = session.team.id;
    if (request.action === "list")
      return { kind: "list", subject, runbooks: await store.list(teamId, subject.target) };
    await requireCurrentMember(deps, ref, session.link, session.team, "edit-runbooks");
    if (request.action === "add") {
      const link: Runbook = { url: request.url, ...(request.label ? { label: request.label } : {}) };
      const outcome = await store.add(teamId, subject.target, link);
      deps.logger.info({ team: teamId, target: subject.target, by: ref.userId }, `runbook ${outcome.kind}`);
      return { kind: outcome.kind, subject, runbooks: outcome.runbooks };
    }
    const removed = await store.remove(teamId, subject.target, request.n);
    const runbooks = await store.list(teamId, subject.target);
    if (!removed) return { kind: "no-such", subject, n: request.n, runbooks };
    deps.logger.info({ team: teamId, target: subject.target, by: ref.userId }, "runbook removed");
    return { kind: "removed", subject, removed, runbooks };
  });
}

async function subjectOf(session: UserSession, target: RunbookTargetArgument): Promise<RunbookSubject> {
  const { api, team } = session;
  if (target.kind === "group") {
    const group = await resolveGroup(api, team.id, target.group);
    return { target: { kind: "group", group: group.name }, name: `group ${group.name}`, teamName: team.name };
  }
  const monitor = await resolveMonitor(api, team.id, target.monitor);
  return { target: { kind: "monitor", monitorId: monitor.id }, name: monitor.name, teamName: team.name };
}
