import type { UserRef } from "../../store/workspace";
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
import type { ShareableCommand, ShareableKind } from "../../ui/share-button";
import type { ChartToAttach } from "../charts/attach-chart";
import type { ListenerDeps } from "../listener-deps";

/** A data answer, and the chart that may follow it (the asker's alone: attach-chart.ts). */
export interface QueryAnswer {
  answer: Rendered;
  chart: ChartToAttach | null;
}

/** Who asks and where: the token is the asker's, `channelId` is the channel the answer is about. */
export interface QueryAsker {
  user: UserRef;
  channelId: string;
  /** The API team of a shared page of a list; else the asker's active team. */
  teamId?: string | undefined;
}

type QueryFor<K extends ShareableKind> = (
  command: Extract<ShareableCommand, { kind: K }>,
  asker: QueryAsker,
  deps: ListenerDeps,
) => Promise<QueryAnswer>;

const text = (answer: Rendered): QueryAnswer => ({ answer, chart: null });

/**
 * Reads and renders each data subcommand, for `/uptime` and for Share in channel alike, so that a shared
 * copy is exactly what the command answers, read again.
 */
const queries: { [K in ShareableKind]: QueryFor<K> } = {
  status: async (_command, { user }, deps) =>
    text(renderStatus(await deps.services.getStatus(user), deps.clock.now(), deps.webLinks)),
  monitors: async ({ text: query, state, group, sort, page }, { user, teamId }, deps) =>
    text(
      renderMonitorList(
        await deps.services.listMonitors(user, { teamId, text: query, state, group, sort, page }),
        deps.webLinks,
      ),
    ),
  // Monitor details with their 24 h availability chart. (The alert's Details button answers without one:
  // its response_url's replace_original would replace the alert itself, not the details.)
  monitor: async ({ monitor }, { user }, deps) => {
    const view = await deps.services.monitorDetails(user, monitor);
    return {
      answer: renderMonitorDetails(view, deps.clock.now(), deps.webLinks),
      chart: monitorDetailsChart(view.monitor),
    };
  },
  incidents: async ({ openOnly, page }, { user, teamId }, deps) =>
    text(
      renderIncidentList(
        await deps.services.listIncidents(user, { teamId, openOnly, page }),
        deps.clock.now(),
        deps.webLinks,
      ),
    ),
  incident: async ({ incidentId }, { user }, deps) =>
    text(renderIncident(await deps.services.getIncident(user, incidentId), deps.clock.now(), deps.webLinks)),
  availability: async ({ target, period }, { user }, deps) => {
    const view = await deps.services.getAvailability(user, { target, period });
    return { answer: renderAvailability(view), chart: availabilityChart(view) };
  },
  latency: async ({ target, period }, { user }, deps) => {
    const view = await deps.services.getLatency(user, { target, period });
    return { answer: renderLatency(view), chart: latencyChart(view) };
  },
  checks: async (_command, { user }, deps) => text(renderChecks(await deps.services.listChecks(user))),
  locations: async (_command, { user }, deps) =>
    text(renderLocations(await deps.services.listLocations(user))),
  channels: async (_command, { user }, deps) => text(renderChannels(await deps.services.listChannels(user))),
  subscriptions: async (_command, { user, channelId }, deps) =>
    text(renderSubscriptions(await deps.services.listChannelSubscriptions(user, channelId))),
};

/** The answer of one data subcommand, read with the asker's own token. */
export function queryAnswer(
  command: ShareableCommand,
  asker: QueryAsker,
  deps: ListenerDeps,
): Promise<QueryAnswer> {
  return (queries[command.kind] as QueryFor<ShareableKind>)(command as never, asker, deps);
}
