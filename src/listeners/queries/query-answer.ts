import type { UserRef } from "../../domain/workspace-ref";
import type { StatsSubject } from "../../services/stats-target";
import { availabilityChart, latencyChart, monitorDetailsChart } from "../../ui/charts/stats-charts";
import { renderAvailability } from "../../ui/render-availability";
import { renderChannels } from "../../ui/render-channels";
import { renderChecks } from "../../ui/render-checks";
import { renderIncident } from "../../ui/render-incident";
import { renderIncidentList } from "../../ui/render-incident-list";
import { renderLatency } from "../../ui/render-latency";
import { renderLocations } from "../../ui/render-locations";
import { renderMonitorDetails } from "../../ui/render-monitor-details";
import { renderMonitorList } from "../../ui/render-monitor-list";
import { renderStatus } from "../../ui/render-status";
import { renderSubscriptions } from "../../ui/render-subscriptions";
import type { Rendered } from "../../ui/reply";
import type { ShareableCommand, ShareableKind, Shown } from "../../ui/share-button";
import type { ChartToAttach } from "../charts/attach-chart";
import type { ListenerDeps } from "../listener-deps";

/** A data answer, the chart that may follow it (the asker's alone: attach-chart.ts), and what it showed. */
export interface QueryAnswer {
  answer: Rendered;
  chart: ChartToAttach | null;
  /** The API team (and monitor) the answer showed, carried by its Share button. */
  shown: Shown;
}

/** Who asks and where: the token is the asker's, `channelId` is the channel the answer is about. */
export interface QueryAsker {
  user: UserRef;
  channelId: string;
  /** The API team a shared answer showed; else the asker's active team. Never changes the active team. */
  teamId?: string | undefined;
  /** The monitor a shared answer about one monitor showed: read by id, not by the name typed then. */
  monitorId?: string | undefined;
}

type QueryFor<K extends ShareableKind> = (
  command: Extract<ShareableCommand, { kind: K }>,
  asker: QueryAsker,
  deps: ListenerDeps,
) => Promise<QueryAnswer>;

const text = (answer: Rendered, shown: Shown): QueryAnswer => ({ answer, chart: null, shown });
const ofTeam = (team: { id: string }): Shown => ({ teamId: team.id });

/**
 * Reads and renders each data subcommand, for `/uptime` and for Share in channel alike, so that a shared
 * copy is exactly what the command answers, read again in the team it showed.
 */
const queries: { [K in ShareableKind]: QueryFor<K> } = {
  status: async (_command, { user, teamId }, deps) => {
    const view = await deps.services.getStatus(user, teamId);
    return text(renderStatus(view, deps.clock.now(), deps.webLinks), ofTeam(view.team));
  },
  monitors: async ({ text: query, state, group, sort, page }, { user, teamId }, deps) => {
    const view = await deps.services.listMonitors(user, { teamId, text: query, state, group, sort, page });
    return text(renderMonitorList(view, deps.webLinks), ofTeam(view.team));
  },
  // Monitor details with their 24 h availability chart. (The alert's Details button answers without one:
  // its response_url's replace_original would replace the alert itself, not the details.)
  monitor: async ({ monitor }, { user, teamId, monitorId }, deps) => {
    const view =
      monitorId === undefined
        ? await deps.services.monitorDetails(user, monitor, teamId)
        : await deps.services.monitorDetailsById(user, monitorId, teamId);
    const chart = monitorDetailsChart(view.monitor);
    return {
      answer: renderMonitorDetails(view, deps.clock.now(), deps.webLinks, { chart: chart !== null }),
      chart,
      shown: { teamId: view.teamId, monitorId: view.monitor.id },
    };
  },
  incidents: async ({ openOnly, page }, { user, teamId }, deps) => {
    const view = await deps.services.listIncidents(user, { teamId, openOnly, page });
    return text(renderIncidentList(view, deps.clock.now(), deps.webLinks), ofTeam(view.team));
  },
  // The id names the incident in any of the asker's teams: the team shown is the incident's own.
  incident: async ({ incidentId }, { user }, deps) => {
    const view = await deps.services.getIncident(user, incidentId);
    return text(renderIncident(view, deps.clock.now(), deps.webLinks), { teamId: view.teamId });
  },
  availability: async ({ target, period }, { user, teamId, monitorId }, deps) => {
    const view = await deps.services.getAvailability(user, { target, period, teamId, monitorId });
    return { answer: renderAvailability(view), chart: availabilityChart(view), shown: statsShown(view) };
  },
  latency: async ({ target, period }, { user, teamId, monitorId }, deps) => {
    const view = await deps.services.getLatency(user, { target, period, teamId, monitorId });
    return { answer: renderLatency(view), chart: latencyChart(view), shown: statsShown(view) };
  },
  checks: async (_command, { user, teamId }, deps) => {
    const view = await deps.services.listChecks(user, teamId);
    return text(renderChecks(view), ofTeam(view.team));
  },
  locations: async (_command, { user }, deps) =>
    text(renderLocations(await deps.services.listLocations(user)), {}),
  channels: async (_command, { user, teamId }, deps) => {
    const view = await deps.services.listChannels(user, teamId);
    return text(renderChannels(view), ofTeam(view.team));
  },
  subscriptions: async (_command, { user, channelId }, deps) =>
    text(renderSubscriptions(await deps.services.listChannelSubscriptions(user, channelId)), {}),
};

function statsShown(view: { teamId: string; subject: StatsSubject }): Shown {
  return view.subject.kind === "monitor"
    ? { teamId: view.teamId, monitorId: view.subject.id }
    : { teamId: view.teamId };
}

/** The answer of one data subcommand, read with the asker's own token. */
export function queryAnswer(
  command: ShareableCommand,
  asker: QueryAsker,
  deps: ListenerDeps,
): Promise<QueryAnswer> {
  return (queries[command.kind] as QueryFor<ShareableKind>)(command as never, asker, deps);
}
