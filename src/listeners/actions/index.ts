import type { BlockElementAction } from "@slack/bolt";
import { RUNBOOKS_MAX } from "../../domain/runbooks";
import { ALERT_BUTTON_IDS } from "../../services";
import { respondTo } from "../../slack/respond-to";
import { actions } from "../../ui/ids";
import type { ActionArgs } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import type { SurfaceRoutes } from "../surface-routes";
import { acknowledgeAction } from "./acknowledge-action";
import { alertButtonAction } from "./alert-button-action";
import { archiveIncidentChannelAction } from "./archive-incident-channel-action";
import { createMonitorKindAction } from "./create-monitor-kind-action";
import { deleteMonitorAction } from "./delete-monitor-action";
import { detailsAction } from "./details-action";
import { editMonitorAction } from "./edit-monitor-action";
import { homeRefreshAction } from "./home-refresh-action";
import { homeUnfurlExternalAction } from "./home-unfurl-external-action";
import { homeUnfurlNeverAction } from "./home-unfurl-never-action";
import { linkAccountAction } from "./link-account-action";
import { muteAction } from "./mute-action";
import { openCreateMonitorAction } from "./open-create-monitor-action";
import { openIncidentChannelAction } from "./open-incident-channel-action";
import { openPageAction } from "./open-page-action";
import { openPersonalAlertsAction } from "./open-personal-alerts-action";
import { pageAcknowledgeAction } from "./page-acknowledge-action";
import { pageNavAction } from "./page-nav-action";
import { pauseMonitorAction } from "./pause-monitor-action";
import { personalAlertsOffAction } from "./personal-alerts-off-action";
import { personalAlertsOnAction } from "./personal-alerts-on-action";
import { resumeMonitorAction } from "./resume-monitor-action";
import { rollupAcknowledgeAllAction } from "./rollup-acknowledge-all-action";
import { rollupMuteAllAction } from "./rollup-mute-all-action";
import { runbookLinkAction } from "./runbook-link-action";
import { shareAction } from "./share-action";
import { stepConfirmationAction } from "./step-confirmation-action";
import { teamSelectAction } from "./team-select-action";
import { testAcknowledgeAction } from "./test-acknowledge-action";
import { unfurlConsentAction } from "./unfurl-consent-action";
import { unmuteAction } from "./unmute-action";
import { writePostmortemAction } from "./write-postmortem-action";

type ActionListener = (args: ActionArgs<BlockElementAction>) => Promise<void>;

/** Block actions, by action_id. */
export function register(routes: SurfaceRoutes, deps: ListenerDeps): void {
  // Each action_id's element type is fixed by the renderer that sets it (ids in ui/ids.ts).
  const on = <A extends BlockElementAction>(
    actionId: string,
    listener: (args: ActionArgs<A>) => Promise<void>,
  ) => {
    const handler = listener as unknown as ActionListener;
    routes.actions.set(actionId, async (args) => {
      // Bolt's respond() goes through the global fetch; respondTo is the same POST for less (respond-to.ts).
      const responseUrl = args.body.response_url;
      const respond = responseUrl ? respondTo(responseUrl) : args.respond;
      await handler({ ...args, respond } as ActionArgs<BlockElementAction>);
    });
  };

  // Accounts, acknowledge and App Home
  on(actions.linkAccount, linkAccountAction(deps));
  on(actions.acknowledge, acknowledgeAction(deps));
  on(actions.testAcknowledge, testAcknowledgeAction(deps));
  // Link buttons: one id per position in the block (ids are unique within a block).
  for (let i = 0; i < RUNBOOKS_MAX * 2; i++) on(`${actions.runbookLink}.${i}`, runbookLinkAction());
  on(actions.teamSelect, teamSelectAction(deps));
  on(actions.homeRefresh, homeRefreshAction(deps));
  // App Home's "Your alerts": the person's own alerts, in their DM with the app
  on(actions.personalAlertsOn, personalAlertsOnAction(deps));
  on(actions.personalAlertsOff, personalAlertsOffAction(deps));
  on(actions.personalAlertsOpen, openPersonalAlertsAction(deps));
  // Monitor management
  on(actions.openCreateMonitor, openCreateMonitorAction(deps));
  on(actions.createMonitor.kind, createMonitorKindAction(deps));
  on(actions.pauseMonitor, pauseMonitorAction(deps));
  // A changing Workflow Builder step's question to its runner (functions/confirm-first-step.ts)
  on(actions.stepConfirm, stepConfirmationAction(deps, true));
  on(actions.stepCancel, stepConfirmationAction(deps, false));
  on(actions.resumeMonitor, resumeMonitorAction(deps));
  on(actions.deleteMonitor, deleteMonitorAction(deps));
  on(actions.editMonitor, editMonitorAction(deps));
  // Queries: Prev/Next of the paged lists, and the Details button of alerts
  const pageNav = pageNavAction(deps);
  on(actions.monitorsPagePrev, pageNav);
  on(actions.monitorsPageNext, pageNav);
  on(actions.incidentsPagePrev, pageNav);
  on(actions.incidentsPageNext, pageNav);
  on(actions.details, detailsAction(deps));
  // Share in channel, under every ephemeral data answer
  on(actions.share, shareAction(deps));
  // Alerts: the Mute overflow and the Unmute button of a muted alert
  on(actions.mute, muteAction(deps));
  on(actions.unmute, unmuteAction(deps));
  // Storm roll-ups: Acknowledge all and Mute all
  on(actions.rollupAcknowledgeAll, rollupAcknowledgeAllAction(deps));
  on(actions.rollupMuteAll, rollupMuteAllAction(deps));
  // Incident channels: opened from an alert or a roll-up, archived from their summary
  on(actions.openIncidentChannel, openIncidentChannelAction(deps));
  on(actions.archiveIncidentChannel, archiveIncidentChannelAction(deps));
  // Page now: the modal from an alert or a roll-up, and Acknowledge in a page's DM
  on(actions.pageOpen, openPageAction(deps));
  on(actions.pageAcknowledge, pageAcknowledgeAction(deps));
  on(actions.writePostmortem, writePostmortemAction(deps));
  // Link previews: the poster's answer to "Show a live preview...?", and App Home's switches
  const unfurlConsent = unfurlConsentAction(deps);
  on(actions.unfurlShow, unfurlConsent);
  on(actions.unfurlNotHere, unfurlConsent);
  on(actions.unfurlNever, unfurlConsent);
  on(actions.homeUnfurlNever, homeUnfurlNeverAction(deps));
  on(actions.homeUnfurlExternal, homeUnfurlExternalAction(deps));
  // The alert kinds' own buttons (Still on it): one handler, the kind found by its action_id
  const alertButton = alertButtonAction(deps);
  for (const actionId of ALERT_BUTTON_IDS) on(actionId, alertButton);
}
