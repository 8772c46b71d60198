import { acknowledgeIncident } from "./acknowledge-incident";
import { acknowledgeRollup } from "./acknowledge-rollup";
import { addIncidentNote, channelIncidentChoices, incidentsOfMessage } from "./add-incident-note";
import { postBoard, removeBoard } from "./board";
import { chooseTeam, linkForTeams } from "./choose-team";
import { createMonitor, createMonitorTarget } from "./create-monitor";
import { deleteMonitor, monitorToDelete } from "./delete-monitor";
import { knownFairShareRefusal, takeFairShare } from "./fair-share";
import { getAvailability } from "./get-availability";
import { getIncident } from "./get-incident";
import { getLatency } from "./get-latency";
import { getStatus } from "./get-status";
import { homeData } from "./home-data";
import { archiveIncidentChannel, openIncidentChannel } from "./incident-channel";
import { linkAccount, unlinkAccount, whoAmI } from "./link-account";
import { listChannels } from "./list-channels";
import { listChecks } from "./list-checks";
import { listGroups } from "./list-groups";
import { listIncidents } from "./list-incidents";
import { listLocations } from "./list-locations";
import { listMonitors } from "./list-monitors";
import { listChannelSubscriptions } from "./list-subscriptions";
import { endMaintenance, listMaintenance, planMaintenance } from "./maintenance";
import { monitorDetails, monitorDetailsById } from "./monitor-details";
import { monitorStatus } from "./monitor-status";
import { muteMonitor, muteTyped } from "./mute-monitor";
import { muteRollup } from "./mute-rollup";
import { overrideOncall, setOncall, showOncall, turnOncallOff } from "./oncall";
import { onCallForPage, pageAnswered, pageIncident, rollupPageChoices } from "./page-incident";
import { completePendingActions, rememberPendingAction } from "./pending-actions";
import { postDigest } from "./post-digest";
import { postmortemDraft, postmortemFailed, postmortemSaved } from "./postmortem";
import { pressAlertButton } from "./press-alert-button";
import { runbook } from "./runbooks";
import type { ServiceDeps } from "./service-deps";
import { pauseMonitor, resumeMonitor } from "./set-monitor-paused";
import { readAsMemberOf } from "./shared-answer";
import {
  claimStepConfirmation,
  dueStepConfirmations,
  endStepConfirmation,
  forgetStepConfirmation,
  holdStepConfirmation,
  newStepConfirmationId,
  prepareStepChange,
  releaseStepConfirmation,
  runStepChange,
  stepConfirmation,
} from "./step-changes";
import { subscribe } from "./subscribe";
import { acknowledgeTestAlert, testAlert } from "./test-alert";
import { forgetUnfurl, rememberUnfurl, unfurlCard, unfurlsToRefresh } from "./unfurl-cards";
import {
  answerUnfurl,
  askUnfurl,
  setExternalUnfurls,
  setUnfurlNever,
  unfurlAudience,
  unfurlSettings,
} from "./unfurl-consent";
import { unmuteMonitor } from "./unmute-monitor";
import { unsubscribe } from "./unsubscribe";
import { monitorToEdit, updateMonitor } from "./update-monitor";
import { tokensRevoked, usersDeactivated, workspaceUninstalled } from "./workspace-departures";

// The kinds' buttons, for the one listener registered for them all.
export { ALERT_BUTTON_IDS } from "../alerts";
export * from "./errors";
export type { FairShareKind, FairShareTake } from "./fair-share";
export type { MonitorStatusView } from "./monitor-status";
export type { ServiceDeps } from "./service-deps";
export { openSession, type UserSession, withSession } from "./session";
export {
  STEP_CONFIRMATION_MS,
  type StepChange,
  type StepChangeOutputs,
  type StepChangeRequest,
  type StepConfirmationRecord,
} from "./step-changes";
export type { UnfurlCardView, UnfurlRefresh } from "./unfurl-cards";

/**
 * Every use case, bound to its dependencies: a use case is a function of (deps, ...args) in a file of its
 * own, and one line here. Listeners receive this object and nothing below it, so the Slack layer never
 * touches a store or the API client directly (docs/architecture.md section 2).
 */
export function createServices(deps: ServiceDeps) {
  // Generic use cases stay generic (readAsMemberOf<T>): TypeScript carries a generic argument's type
  // parameters through a call like this one.
  const use =
    <A extends unknown[], R>(useCase: (deps: ServiceDeps, ...args: A) => R) =>
    (...args: A): R =>
      useCase(deps, ...args);
  return {
    // Accounts, teams and App Home.
    linkAccount: use(linkAccount),
    unlinkAccount: use(unlinkAccount),
    whoAmI: use(whoAmI),
    /** The caller's link for `/uptime team` (NotLinkedError / StaleLinkError otherwise). */
    listTeams: use(linkForTeams),
    chooseTeam: use(chooseTeam),
    acknowledgeIncident: use(acknowledgeIncident),
    acknowledgeRollup: use(acknowledgeRollup),
    rememberPendingAction: use(rememberPendingAction),
    completePendingActions: use(completePendingActions),
    homeData: use(homeData),
    workspaceUninstalled: use(workspaceUninstalled),
    tokensRevoked: use(tokensRevoked),
    usersDeactivated: use(usersDeactivated),
    // Queries, each with the caller's own token.
    getStatus: use(getStatus),
    listMonitors: use(listMonitors),
    monitorDetails: use(monitorDetails),
    monitorDetailsById: use(monitorDetailsById),
    listIncidents: use(listIncidents),
    getIncident: use(getIncident),
    getAvailability: use(getAvailability),
    getLatency: use(getLatency),
    listChecks: use(listChecks),
    listLocations: use(listLocations),
    listChannels: use(listChannels),
    readAsMemberOf: use(readAsMemberOf),
    // Monitors.
    createMonitorTarget: use(createMonitorTarget),
    createMonitor: use(createMonitor),
    listGroups: use(listGroups),
    pauseMonitor: use(pauseMonitor),
    resumeMonitor: use(resumeMonitor),
    monitorToDelete: use(monitorToDelete),
    monitorToEdit: use(monitorToEdit),
    updateMonitor: use(updateMonitor),
    deleteMonitor: use(deleteMonitor),
    // Channel alerts: they need `deps.alerts` (AlertsNotConfiguredError otherwise).
    subscribe: use(subscribe),
    unsubscribe: use(unsubscribe),
    listChannelSubscriptions: use(listChannelSubscriptions),
    muteMonitor: use(muteMonitor),
    muteTyped: use(muteTyped),
    runbook: use(runbook),
    postBoard: use(postBoard),
    removeBoard: use(removeBoard),
    muteRollup: use(muteRollup),
    unmuteMonitor: use(unmuteMonitor),
    openIncidentChannel: use(openIncidentChannel),
    archiveIncidentChannel: use(archiveIncidentChannel),
    pressAlertButton: use(pressAlertButton),
    testAlert: use(testAlert),
    acknowledgeTestAlert: use(acknowledgeTestAlert),
    pageIncident: use(pageIncident),
    pageAnswered: use(pageAnswered),
    rollupPageChoices: use(rollupPageChoices),
    onCallForPage: use(onCallForPage),
    planMaintenance: use(planMaintenance),
    endMaintenance: use(endMaintenance),
    listMaintenance: use(listMaintenance),
    setOncall: use(setOncall),
    overrideOncall: use(overrideOncall),
    turnOncallOff: use(turnOncallOff),
    showOncall: use(showOncall),
    postDigest: use(postDigest),
    // The incident's record: notes.
    addIncidentNote: use(addIncidentNote),
    incidentsOfMessage: use(incidentsOfMessage),
    channelIncidentChoices: use(channelIncidentChoices),
    postmortemDraft: use(postmortemDraft),
    postmortemSaved: use(postmortemSaved),
    postmortemFailed: use(postmortemFailed),
    // Link unfurls and their consent; the "Get monitor status" workflow step.
    unfurlCard: use(unfurlCard),
    rememberUnfurl: use(rememberUnfurl),
    unfurlsToRefresh: use(unfurlsToRefresh),
    forgetUnfurl: use(forgetUnfurl),
    unfurlAudience: use(unfurlAudience),
    askUnfurl: use(askUnfurl),
    answerUnfurl: use(answerUnfurl),
    unfurlSettings: use(unfurlSettings),
    setUnfurlNever: use(setUnfurlNever),
    setExternalUnfurls: use(setExternalUnfurls),
    monitorStatus: use(monitorStatus),
    // Changing workflow steps and their waiting confirmations.
    prepareStepChange: use(prepareStepChange),
    runStepChange: use(runStepChange),
    newStepConfirmationId: use(newStepConfirmationId),
    holdStepConfirmation: use(holdStepConfirmation),
    stepConfirmation: use(stepConfirmation),
    claimStepConfirmation: use(claimStepConfirmation),
    releaseStepConfirmation: use(releaseStepConfirmation),
    endStepConfirmation: use(endStepConfirmation),
    dueStepConfirmations: use(dueStepConfirmations),
    forgetStepConfirmation: use(forgetStepConfirmation),
    // The person's fair share of commands and charts.
    takeFairShare: use(takeFairShare),
    knownFairShareRefusal: use(knownFairShareRefusal),
  };
}

export type Services = ReturnType<typeof createServices>;
