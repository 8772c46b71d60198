import type { App } from "@slack/bolt";
import { actions } from "../../ui/ids";
import type { ListenerDeps } from "../listener-deps";
import { acknowledgeAction } from "./acknowledge-action";
import { createMonitorKindAction } from "./create-monitor-kind-action";
import { detailsAction } from "./details-action";
import { homeRefreshAction } from "./home-refresh-action";
import { linkAccountAction } from "./link-account-action";
import { muteAction } from "./mute-action";
import { openCreateMonitorAction } from "./open-create-monitor-action";
import { pageNavAction } from "./page-nav-action";
import { pauseMonitorAction } from "./pause-monitor-action";
import { resumeMonitorAction } from "./resume-monitor-action";
import { teamSelectAction } from "./team-select-action";

export function register(app: App, deps: ListenerDeps): void {
  // Accounts, acknowledge and App Home
  app.action(actions.linkAccount, linkAccountAction(deps));
  app.action(actions.acknowledge, acknowledgeAction(deps));
  app.action(actions.teamSelect, teamSelectAction(deps));
  app.action(actions.homeRefresh, homeRefreshAction(deps));
  // Monitor management
  app.action(actions.openCreateMonitor, openCreateMonitorAction(deps));
  app.action(actions.createMonitor.kind, createMonitorKindAction(deps));
  app.action(actions.pauseMonitor, pauseMonitorAction(deps));
  app.action(actions.resumeMonitor, resumeMonitorAction(deps));
  // Queries: Prev/Next of the paged lists, and the Details button of alerts
  const pageNav = pageNavAction(deps);
  app.action(actions.monitorsPagePrev, pageNav);
  app.action(actions.monitorsPageNext, pageNav);
  app.action(actions.incidentsPagePrev, pageNav);
  app.action(actions.incidentsPageNext, pageNav);
  app.action(actions.details, detailsAction(deps));
  // Alerts: the Mute overflow
  app.action(actions.mute, muteAction(deps));
}
