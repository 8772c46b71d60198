/**
 * Every action_id, callback_id and block_id of the Slack surfaces. Renderers and listeners both import from
 * here, so a rendered id and the route that handles it cannot drift apart. Add new ids to the right group.
 * What travels in button values and private_metadata is in codecs.ts (the engine: codec.ts).
 *
 * Ids are stable strings: Slack echoes them from messages posted weeks ago, so renaming one orphans the
 * buttons already in channels.
 */

/**
 * Ids of the modals' inputs. Each input block and its element carry the same string, so one map serves as
 * both `blocks.*` and `actions.*` (a view_submission is keyed by block_id, then action_id).
 */
const loginInputs = {
  token: "login.token",
} as const;

const createMonitorInputs = {
  /** Radio buttons: "url" or "tcp" (createMonitorKinds). */
  kind: "create_monitor.kind",
  name: "create_monitor.name",
  url: "create_monitor.url",
  /** A8 `keywordBody`: optional text an HTTP answer must contain. */
  keyword: "create_monitor.keyword",
  host: "create_monitor.host",
  port: "create_monitor.port",
  timeout: "create_monitor.timeout",
  /** Static select of the intervals of A8. */
  interval: "create_monitor.interval",
  /** External select of the team's groups (A7 GET /teams/{id}/groups); static select when few. */
  group: "create_monitor.group",
  newGroup: "create_monitor.new_group",
  pronounceable: "create_monitor.pronounceable",
} as const;

/** Inputs of the Page modal: people (multi_users_select), user groups (multi_static_select), a line. */
const pageInputs = {
  /** Static select of a roll-up's open incidents (Page... on a storm roll-up). */
  incident: "page.incident",
  people: "page.people",
  /** Checkbox "Whoever is on call": shown where the channel has a rota, resolved when the page is sent. */
  oncall: "page.oncall",
  /** Block Kit has no user-group select: a static one filled from usergroups.list (usergroups:read). */
  groups: "page.groups",
  message: "page.message",
} as const;

/** Inputs of the "Alert me about…" modal (App Home's "Your alerts"): the filters of `/uptime subscribe`. */
const personalAlertsInputs = {
  /** Multi external select of the team's monitors (A9 `filter[name]`); option value = the monitor id. */
  monitors: "personal_alerts.monitors",
  /** Multi external select of the team's groups (A7 GET /teams/{id}/groups); option value = the name. */
  groups: "personal_alerts.groups",
  /** Static select: no digest, daily or weekly (`--digest`). */
  digest: "personal_alerts.digest",
  /** Number input: minutes unacknowledged before the step (`--escalate`). */
  escalate: "personal_alerts.escalate",
  /** Text input: a period, e.g. 2h: a reminder every period while an outage stays open (`--remind`). */
  remind: "personal_alerts.remind",
  /** Number input: more incidents a minute than this roll up into one message (`--storm`). */
  storm: "personal_alerts.storm",
} as const;

/** action_ids (Bolt routes `app.action(...)` on these). At most 255 characters each. */
export const actions = {
  // Alert messages
  acknowledge: "incident.acknowledge",
  /** Acknowledge on a test alert (`/uptime test`): kept in Slack, the API never hears of it. */
  testAcknowledge: "test_alert.acknowledge",
  /** Alert and storm roll-up: Page... opens the modal to pull people in now. */
  pageOpen: "incident.page",
  /** A page's DM: acknowledges the incident and tells the alert's thread the page was answered. */
  pageAcknowledge: "page.acknowledge",
  /** Overflow: mute this monitor in this channel for 1 h, 4 h or 24 h. */
  mute: "monitor.mute",
  /** Button shown instead of the Mute overflow while the monitor is muted in the channel. */
  unmute: "monitor.unmute",
  details: "monitor.details",
  /** A runbook link button (it opens its URL; the click is only acknowledged), suffixed `.0`, `.1`, ... */
  runbookLink: "runbook.open",
  /** Storm roll-up: acknowledge every open incident of the roll-up with the clicker's token. */
  rollupAcknowledgeAll: "storm.acknowledge_all",
  /** Storm roll-up: mute every monitor of the roll-up still down, in this channel, for ROLLUP_MUTE_HOURS. */
  rollupMuteAll: "storm.mute_all",
  /** Alert and storm roll-up: open the incident's own channel, or link the one already opened. */
  openIncidentChannel: "incident.open_channel",
  /** The recovery summary in an incident channel: archive that channel. */
  archiveIncidentChannel: "incident.archive_channel",
  /** Write postmortem on an incident channel's recovery summary: the incident's canvas in that channel. */
  writePostmortem: "incident.write_postmortem",
  /** Share in channel: posts a fresh copy of an ephemeral data answer for everyone (shareCodec). */
  share: "answer.share",
  // Paged lists
  monitorsPagePrev: "monitors.page.prev",
  monitorsPageNext: "monitors.page.next",
  incidentsPagePrev: "incidents.page.prev",
  incidentsPageNext: "incidents.page.next",
  // Monitors
  pauseMonitor: "monitor.pause",
  resumeMonitor: "monitor.resume",
  /** Delete button (with Slack's confirm dialog) of `/uptime delete` and the monitor details. */
  deleteMonitor: "monitor.delete",
  editMonitor: "monitor.edit",
  /** Opens the create-monitor modal (App Home button, messages). */
  openCreateMonitor: "monitor.create.open",
  // Accounts and teams
  /** Opens the login modal; its value may carry a pending action (deferredActionCodec). */
  linkAccount: "account.link",
  teamSelect: "team.select",
  // App Home
  homeRefresh: "home.refresh",
  /** "Your alerts": personal alerts for every monitor of the active team, in the app's DM. */
  personalAlertsOn: "personal_alerts.on",
  /** "Your alerts": every personal subscription removed. */
  personalAlertsOff: "personal_alerts.off",
  /** "Your alerts": opens the "Alert me about..." modal. */
  personalAlertsOpen: "personal_alerts.open",
  /** A Pause, Resume or Acknowledge workflow step's question to its runner: do it (value: its id). */
  stepConfirm: "workflow_step.confirm",
  /** ... or don't: the step ends with an error and changes nothing. */
  stepCancel: "workflow_step.cancel",
  // Link previews (docs/slack-app.md "Link unfurls"): the question to the poster, and App Home's switches
  unfurlShow: "unfurl.show",
  unfurlNotHere: "unfurl.not_here",
  unfurlNever: "unfurl.never",
  /** App Home: the person's own previews, off everywhere (Never) or asked per conversation. */
  homeUnfurlNever: "home.unfurl_never",
  /** App Home, admins only: previews in channels shared with other organizations (Slack Connect). */
  homeUnfurlExternal: "home.unfurl_external",
  /** Inputs of the login modal. */
  login: loginInputs,
  /** Inputs of the create-monitor modal. */
  createMonitor: createMonitorInputs,
  /** Inputs of the "Alert me about..." modal. */
  personalAlerts: personalAlertsInputs,
  /** Inputs of the Page modal. */
  page: pageInputs,
} as const;

/** callback_ids of modals and Home (`app.view(...)`), and of shortcuts. */
export const views = {
  login: "login",
  createMonitor: "create_monitor",
  /** "Alert me about..." (App Home): the person's own alerts with filters. */
  personalAlerts: "personal_alerts",
  /** Page...: people and groups to pull into an incident now. */
  page: "page",
  home: "home",
  /** "Which incident?" of Add to incident timeline, on a message that is no alert's. */
  addToTimeline: "add_to_timeline",
} as const;

/** callback_ids of shortcuts declared in the app manifest. */
export const shortcuts = {
  /** Global shortcut "Create monitor": opens the same modal as `/uptime create`. */
  createMonitor: "create_monitor_shortcut",
  /** Message shortcut "Add to incident timeline": the message becomes a note of its incident. */
  addToTimeline: "add_to_incident_timeline",
} as const;

/** The slash command declared in the app manifest. */
export const commands = {
  uptime: "/uptime",
} as const;

/**
 * block_ids. Input blocks need stable ones: a view_submission keys its values by block_id, then action_id,
 * and API validation errors (422 `source.pointer`, A8) are reported against the block_id.
 */
export const blocks = {
  alertActions: "alert.actions",
  /** The runbook link buttons of an alert, a reply or a card. */
  runbooks: "alert.runbooks",
  /** The live board of a channel (`/uptime board`). */
  board: "board.status",
  chart: "chart.image",
  /** The one sentence that says why an answer's chart was not drawn (chart-skipped.ts). */
  chartSkipped: "chart.skipped",
  monitorsPager: "monitors.pager",
  incidentsPager: "incidents.pager",
  /** The actions block of the Share in channel button; the shared copy leaves it out. */
  share: "answer.share",
  homeActions: "home.actions",
  /** The buttons of App Home's "Your alerts". */
  homePersonalAlerts: "home.personal_alerts",
  /** Confirm / Cancel of a changing workflow step; its answered message leaves them out. */
  stepConfirmation: "workflow_step.confirmation",
  /** The question "Show a live preview ...?" and App Home's "Link previews" buttons. */
  unfurlPrompt: "unfurl.prompt",
  homeLinkPreviews: "home.link_previews",
  /** The incident picker of the "Which incident?" modal. */
  timelineIncident: "timeline.incident",
  login: loginInputs,
  createMonitor: createMonitorInputs,
  personalAlerts: personalAlertsInputs,
  page: pageInputs,
} as const;

/** Values of the "Alert me about…" digest select: none, or a `--digest` cadence. */
export const personalDigestChoices = { none: "none", daily: "daily", weekly: "weekly" } as const;

/** Values of the create-monitor kind radio buttons (A8: HTTP monitors, and `tcp_port` ones). */
export const createMonitorKinds = { url: "url", tcp: "tcp" } as const;

/** The mute durations offered in the alert overflow menu, in hours. */
export const MUTE_HOURS = [1, 4, 24] as const;
/** Mute all of a storm roll-up: one short duration, long enough to work the outage in peace. */
export const ROLLUP_MUTE_HOURS = 1;

/**
 * Workflow Builder steps (Bolt custom steps): the `callback_id` of each function in manifest.yml
 * `functions`, and the names of their inputs and outputs there (test/integration/manifest.test.ts checks).
 */
export const workflowSteps = {
  getMonitorStatus: "get_monitor_status",
  pauseMonitor: "pause_monitor",
  resumeMonitor: "resume_monitor",
  acknowledgeIncident: "acknowledge_incident",
} as const;

/** Inputs of the workflow steps; `user_context` is the person running the workflow, set by Slack. */
export const workflowInputs = {
  userContext: "user_context",
  monitor: "monitor",
  incidentId: "incident_id",
} as const;
