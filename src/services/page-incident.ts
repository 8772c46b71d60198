import { PAGE_MAX_PEOPLE, PAGE_MESSAGE_MAX } from "../alerts";
import { onCallAt } from "../domain/oncall-rota";
import { type UserRef, type WorkspaceRef, workspaceOf } from "../domain/workspace-ref";
import { requireCurrentMember, requireLinked } from "./alerts-permission";
import { NotSubscribedHereError, PageRefusedError } from "./errors";
import { resolveMonitor } from "./find-monitor";
import { requireAlerts, type ServiceDeps } from "./service-deps";
import { withSession } from "./session";

export interface PageInput {
  channelId: string;
  /** The alert's incident (Page..., `page 123`), or a monitor as typed (`page api-eu`): its open alert here. */
  target: { incidentId: string } | { monitor: string };
  users: string[];
  groups: string[];
  /** `oncall` among the targets: whoever the channel's rota has on call now joins `users`. */
  oncall?: boolean | undefined;
  message?: string | undefined;
}

export interface PageOutcome {
  pageId: string;
  incidentId: string;
  monitorName: string | null;
  users: string[];
  groups: string[];
}

/**
 * Page now, from an alert's Page... or `/uptime page`: the role table asks what acknowledging asks (a linked
 * member of the alert's team, as the API says now); the incident must have an open alert in this channel,
 * whose thread names who paged whom. Only the outbox entry is written here: the line and the DMs are the
 * page kind's (src/alerts/kinds/page), posted once by whichever replica reads it.
 */
export async function pageIncident(deps: ServiceDeps, ref: UserRef, input: PageInput): Promise<PageOutcome> {
  const alerts = requireAlerts(deps);
  const link = await requireLinked(deps, ref, "page");
  const ws = workspaceOf(ref);
  let incidentId: string;
  if ("incidentId" in input.target) {
    incidentId = input.target.incidentId;
    const record = await alerts.messages.get(ws, input.channelId, incidentId);
    if (!record || record.mode === "muted")
      throw new PageRefusedError({ reason: "no-alert-here", incidentId });
    await requireCurrentMember(deps, ref, link, { id: record.view.apiTeamId, name: null }, "page");
  } else {
    const teams = [
      ...new Set((await alerts.subscriptions.listByChannel(ws, input.channelId)).map((s) => s.apiTeamId)),
    ];
    if (teams.length === 0) throw new NotSubscribedHereError();
    const apiTeamId = teams.find((id) => link.teams.some((t) => t.id === id)) ?? teams[0]!;
    // Refused before the monitor is looked up: a stranger to the team hears why, not "no such monitor".
    await requireCurrentMember(deps, ref, link, { id: apiTeamId, name: null }, "page");
    const query = input.target.monitor;
    const monitor = await withSession(deps, ref, ({ api }) => resolveMonitor(api, apiTeamId, query));
    const last = (await alerts.messages.getMonitor(ws, input.channelId, monitor.id)).lastRoot;
    const found = last ? await alerts.messages.get(ws, input.channelId, last.incidentId) : null;
    if (!found || found.stage === "resolved")
      throw new PageRefusedError({ reason: "no-open-outage", monitorName: monitor.name });
    incidentId = found.view.incident.id;
  }
  const record = await alerts.messages.get(ws, input.channelId, incidentId);
  if (record?.stage === "resolved") throw new PageRefusedError({ reason: "ended", incidentId });
  const onCall = input.oncall ? await whoIsOnCall(deps, ws, input.channelId) : [];
  const users = [...new Set([...input.users, ...onCall])];
  const groups = [...new Set(input.groups)];
  if (users.length + groups.length === 0) throw new PageRefusedError({ reason: "nobody" });
  if (users.length + groups.length > PAGE_MAX_PEOPLE)
    throw new PageRefusedError({ reason: "too-many", max: PAGE_MAX_PEOPLE });
  const outcome = await alerts.page({
    workspace: ws,
    channelId: input.channelId,
    incidentId,
    by: ref.userId,
    users,
    groups,
    // The outbox entry's schema holds the line to this length: longer would be a dead letter.
    message: input.message?.slice(0, PAGE_MESSAGE_MAX),
  });
  if (outcome.kind === "no-alert") throw new PageRefusedError({ reason: "no-alert-here", incidentId });
  deps.logger.info({ channel: input.channelId, incidentId, by: ref.userId }, "paged");
  return {
    pageId: outcome.pageId,
    incidentId,
    monitorName: record?.view.monitor?.name ?? null,
    users,
    groups,
  };
}

/**
 * Page... on a storm roll-up: its incidents still open, for the modal's incident menu. Only Redis is read,
 * since the modal must open within its trigger's 3 s; who may page is asked at the submission.
 */
export async function rollupPageChoices(
  deps: ServiceDeps,
  ref: UserRef,
  input: { channelId: string; apiTeamId: string },
): Promise<{ incidentId: string; monitorName: string }[]> {
  const storm = await requireAlerts(deps).messages.getStorm(
    workspaceOf(ref),
    input.channelId,
    input.apiTeamId,
  );
  return Object.values(storm.rollup?.members ?? {})
    .filter((m) => m.stage !== "resolved")
    .map((m) => ({
      incidentId: m.view.incident.id,
      monitorName: m.view.monitor?.name || `Monitor ${m.view.incident.monitorId}`,
    }));
}

/**
 * Who the channel's rota has on call now, for the Page modal's "Whoever is on call" (shown only with a
 * rota). Only Redis is read, as the modal must open within 3 s; the submission resolves it again.
 */
export async function onCallForPage(
  deps: ServiceDeps,
  ref: UserRef,
  input: { channelId: string },
): Promise<string | undefined> {
  const rota = await requireAlerts(deps).oncall.rotas.get(workspaceOf(ref), input.channelId);
  return rota ? onCallAt(rota, deps.clock.now()).user : undefined;
}

/** A paged person answered from their DM: the page's thread says so, once. */
export async function pageAnswered(
  deps: ServiceDeps,
  ref: UserRef,
  input: { incidentId: string; pageId?: string | undefined },
): Promise<void> {
  await requireAlerts(deps).pageAnswered({
    workspace: workspaceOf(ref),
    incidentId: input.incidentId,
    by: ref.userId,
    pageId: input.pageId,
  });
}

/** The person on call in the channel's rota now; no rota (or nobody on call) refuses the page, naming why. */
async function whoIsOnCall(deps: ServiceDeps, ws: WorkspaceRef, channelId: string): Promise<string[]> {
  const rota = await requireAlerts(deps).oncall.rotas.get(ws, channelId);
  if (!rota) throw new PageRefusedError({ reason: "no-rota" });
  return [onCallAt(rota, deps.clock.now()).user];
}
