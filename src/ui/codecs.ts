/** Every codec of the Slack surfaces: what each button value, option value and private_metadata holds. */
import { z } from "zod";
import { MONITOR_STATES, SORT_KEYS } from "../grammar";
import type { DeferredAction } from "../store/pending-action-store";
import { defineCodec, valueLimits } from "./codec";

// Ids of the Uptime API are integers written as strings; Slack ids are short upper-case strings.
const apiId = z.string().regex(/^\d{1,18}$/);
const slackId = z.string().regex(/^[A-Z0-9]{1,30}$/);
// An incident a page may name: the API's, or a test alert's (`/uptime test`), which the page keeps in Slack.
const pageableIncidentId = z.union([apiId, z.string().regex(/^test-[a-z0-9]{4,24}$/)]);
// A response_url is a hooks.slack.com URL of ~100 characters; the cap keeps private_metadata bounded.
const responseUrl = z.url({ protocol: /^https?$/ }).max(500);

/** Acknowledge button of an alert message, the incident list and App Home. `teamId` is the API team. */
export const acknowledgeCodec = defineCodec("ack", 1, z.object({ incidentId: apiId, teamId: apiId }), {
  limit: valueLimits.buttonValue,
  keys: { incidentId: "i", teamId: "t" },
});

/** Acknowledge on a test alert (`/uptime test`): its id is never an API id, so it has a codec of its own. */
export const testAcknowledgeCodec = defineCodec(
  "tack",
  1,
  z.object({ incidentId: z.string().regex(/^test-[a-z0-9]{4,24}$/) }),
  { limit: valueLimits.buttonValue, keys: { incidentId: "i" } },
);

/** Prev/Next buttons of a paged list: the page to show and the filters that produced the list. */
export const pageCodec = defineCodec(
  "pg",
  1,
  z.object({
    list: z.enum(["monitors", "incidents"]),
    teamId: apiId,
    page: z.number().int().min(1).max(9999),
    text: z.string().optional(),
    state: z.enum(MONITOR_STATES).optional(),
    group: z.string().optional(),
    sort: z.array(z.enum(SORT_KEYS)).max(3).optional(),
    openOnly: z.boolean().optional(),
  }),
  {
    limit: valueLimits.buttonValue,
    keys: { list: "l", teamId: "t", page: "p", text: "q", state: "s", group: "g", sort: "o", openOnly: "x" },
  },
);

/** One option of the mute overflow menu: an option value holds only 150 characters. */
export const muteCodec = defineCodec(
  "mute",
  1,
  z.object({ monitorId: apiId, channelId: slackId, hours: z.number().int().min(1).max(168) }),
  { limit: valueLimits.optionValue, keys: { monitorId: "m", channelId: "c", hours: "h" } },
);

/**
 * The mute overflow's "until recovered" option: the incident whose recovery ends the mute. A
 * codec of its own, so that a replica of an older version answers "out of date" instead of misreading it.
 */
export const muteUntilRecoveredCodec = defineCodec(
  "muter",
  1,
  z.object({ monitorId: apiId, channelId: slackId, incidentId: apiId }),
  { limit: valueLimits.optionValue, keys: { monitorId: "m", channelId: "c", incidentId: "i" } },
);

/** Unmute button of a muted alert message: the monitor and the channel it is muted in. */
export const unmuteCodec = defineCodec("unmute", 1, z.object({ monitorId: apiId, channelId: slackId }), {
  limit: valueLimits.buttonValue,
  keys: { monitorId: "m", channelId: "c" },
});

/**
 * Acknowledge all and Mute all of a storm roll-up: the API team and the channel whose roll-up it is. The
 * incidents are read from the roll-up's stored state at the click, so the value stays small however many.
 */
export const rollupCodec = defineCodec("storm", 1, z.object({ teamId: apiId, channelId: slackId }), {
  limit: valueLimits.buttonValue,
  keys: { teamId: "t", channelId: "c" },
});

/**
 * Open incident channel: the API team, the alert's channel, and the incident of an alert; a storm
 * roll-up's button names no incident (the channel is the roll-up's).
 */
export const incidentChannelCodec = defineCodec(
  "ich",
  1,
  z.object({ teamId: apiId, channelId: slackId, incidentId: apiId.optional() }),
  { limit: valueLimits.buttonValue, keys: { teamId: "t", channelId: "c", incidentId: "i" } },
);

/** Page... on an alert or a roll-up (the modal's private_metadata too): the alert's team, channel, incident. */
export const pageNowCodec = defineCodec(
  "pnow",
  1,
  z.object({ teamId: apiId, channelId: slackId, incidentId: pageableIncidentId.optional() }),
  { limit: valueLimits.buttonValue, keys: { teamId: "t", channelId: "c", incidentId: "i" } },
);

/** Acknowledge in a page's DM: the incident, its team, and the page (its thread hears the answer). */
export const pageAcknowledgeCodec = defineCodec(
  "pga",
  1,
  z.object({
    incidentId: pageableIncidentId,
    teamId: apiId,
    subscriptionId: z.string().min(1).max(100),
    pageId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/),
  }),
  {
    limit: valueLimits.buttonValue,
    keys: { incidentId: "i", teamId: "t", subscriptionId: "s", pageId: "p" },
  },
);

/** Archive on an incident channel's recovery summary: the API team and the incident channel. */
export const archiveChannelCodec = defineCodec("arch", 1, z.object({ teamId: apiId, channelId: slackId }), {
  limit: valueLimits.buttonValue,
  keys: { teamId: "t", channelId: "c" },
});

/**
 * Details button of an alert message: the incident's view. `incidentId` is optional so that the
 * buttons of messages posted before it existed still answer, with the monitor's details.
 */
export const detailsCodec = defineCodec(
  "det",
  1,
  z.object({ monitorId: apiId, incidentId: apiId.optional() }),
  {
    limit: valueLimits.buttonValue,
    keys: { monitorId: "m", incidentId: "i" },
  },
);

/**
 * What an unlinked user tried to do (store/pending-action-store.ts), completed once they have linked their
 * account (docs/architecture.md section 1: "after linking, the ack is completed"). Travels in the Link button's value
 * and the login modal's metadata.
 */
export const deferredActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("ack"), incidentId: apiId, teamId: apiId }),
  z.object({ action: z.literal("pause"), monitorId: apiId }),
  z.object({ action: z.literal("resume"), monitorId: apiId }),
]) satisfies z.ZodType<DeferredAction>;

export const deferredActionCodec = defineCodec("pend", 1, deferredActionSchema, {
  limit: valueLimits.buttonValue,
  keys: { action: "a", incidentId: "i", teamId: "t", monitorId: "m" },
});

/** private_metadata of the login modal: where to answer, and what to complete after linking. */
export const loginModalCodec = defineCodec(
  "login",
  1,
  z.object({
    channelId: slackId.optional(),
    responseUrl: responseUrl.optional(),
    pending: deferredActionSchema.optional(),
  }),
  { limit: valueLimits.privateMetadata, keys: { channelId: "c", responseUrl: "r", pending: "p" } },
);

/**
 * private_metadata of the create-monitor modal: the API team it creates in and the channel to confirm in.
 * Never a token: every submission is made with the submitting user's own stored token (docs/architecture.md section 7).
 */
export const createMonitorModalCodec = defineCodec(
  "cm",
  1,
  // monitorId: the edit modal (`/uptime edit`), saved with PATCH instead of a create.
  z.object({ teamId: apiId, channelId: slackId.optional(), monitorId: apiId.optional() }),
  { limit: valueLimits.privateMetadata, keys: { teamId: "t", channelId: "c", monitorId: "m" } },
);

/**
 * private_metadata of the "Alert me about…" modal (App Home): the API team whose monitors and groups it
 * offers. The submission subscribes with the submitter's own token, in their DM with the app (never a
 * token or a channel here: the DM is asked of Slack at submit time).
 */
export const personalAlertsModalCodec = defineCodec("pa", 1, z.object({ teamId: apiId }), {
  limit: valueLimits.privateMetadata,
  keys: { teamId: "t" },
});

/** Pause / Resume buttons (actions.pauseMonitor / actions.resumeMonitor): the monitor they act on. */
export const monitorActionCodec = defineCodec("mon", 1, z.object({ monitorId: apiId }), {
  limit: valueLimits.buttonValue,
  keys: { monitorId: "m" },
});

/**
 * Share in channel button of an ephemeral data answer: the command text that produced it (formatCommand),
 * re-run with the clicker's token when pressed, and what the answer showed: its API team, and the
 * monitor when it is about one, so that the re-run reads that team and that monitor whatever the clicker
 * has chosen or renamed since. Never the rendered answer: the shared copy is then fresh, and the value stays
 * far below the button's 2,000 characters (a command is one slash command's text, ids are 18 digits).
 * `teamId` is absent only for answers of no team (locations, a channel's subscriptions: share-button.ts).
 */
export const shareCodec = defineCodec(
  "share",
  2,
  z.object({ command: z.string().min(1), teamId: apiId.optional(), monitorId: apiId.optional() }),
  { limit: valueLimits.buttonValue, keys: { command: "c", teamId: "t", monitorId: "m" } },
);

/**
 * Version 1 of shareCodec, read only: buttons of answers posted before Share carried the team. `teamId` was there only on
 * paged lists, so a value without it no longer says which team its answer showed (share-button.ts).
 */
export const shareCodecV1 = defineCodec(
  "share",
  1,
  z.object({ command: z.string().min(1), teamId: apiId.optional() }),
  { limit: valueLimits.buttonValue, keys: { command: "c", teamId: "t" } },
);

/** The buttons of a link-preview question: the id of the question kept in Redis, never its links. */
export const unfurlPromptCodec = defineCodec(
  "ufp",
  1,
  z.object({ promptId: z.string().regex(/^[0-9a-f]{24}$/) }),
  {
    limit: valueLimits.buttonValue,
    keys: { promptId: "p" },
  },
);

/** App Home's link-preview switches: the state the click asks for. */
export const unfurlSwitchCodec = defineCodec("ufs", 1, z.object({ on: z.boolean() }), {
  limit: valueLimits.buttonValue,
  keys: { on: "o" },
});

/**
 * private_metadata of the "Which incident?" modal of Add to incident timeline: the message (its text cut to
 * fit, the note's own bound being smaller than what is left) and where to answer.
 */
export const noteMessageCodec = defineCodec(
  "note",
  1,
  z.object({
    channelId: slackId,
    ts: z.string().regex(/^\d{1,12}\.\d{1,8}$/),
    author: slackId.optional(),
    permalink: z
      .url({ protocol: /^https$/ })
      .max(500)
      .optional(),
    text: z.string().max(2_900),
  }),
  {
    limit: valueLimits.privateMetadata,
    keys: { channelId: "c", ts: "t", author: "a", permalink: "p", text: "x" },
  },
);

/** Write postmortem on an incident channel's recovery summary: the incident whose canvas it writes. */
export const postmortemCodec = defineCodec("pm", 1, z.object({ incidentId: apiId }), {
  limit: valueLimits.buttonValue,
  keys: { incidentId: "i" },
});
