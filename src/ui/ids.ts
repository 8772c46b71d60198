/**
 * Every action_id, callback_id and block_id of the Slack surfaces, and the versioned codecs for what travels
 * in button values, option values and private_metadata. Renderers and listeners both import from here, so a
 * rendered id and the route that handles it cannot drift apart. Add new ids to the right group.
 *
 * Ids are stable strings: Slack echoes them from messages posted weeks ago, so renaming one orphans the
 * buttons already in channels. Values are versioned JSON for the same reason (a payload without a version
 * later needs guesswork to read).
 */
import { z } from "zod";
import { MONITOR_STATES, SORT_KEYS } from "../grammar";
import { limits } from "./text";

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

/** action_ids (Bolt routes `app.action(...)` on these). At most 255 characters each. */
export const actions = {
  // Alert messages (DESIGN.md section 1)
  acknowledge: "incident.acknowledge",
  /** Overflow: mute this monitor in this channel for 1 h, 4 h or 24 h. */
  mute: "monitor.mute",
  /** Button shown instead of the Mute overflow while the monitor is muted in the channel. */
  unmute: "monitor.unmute",
  details: "monitor.details",
  // Paged lists
  monitorsPagePrev: "monitors.page.prev",
  monitorsPageNext: "monitors.page.next",
  incidentsPagePrev: "incidents.page.prev",
  incidentsPageNext: "incidents.page.next",
  // Monitors
  pauseMonitor: "monitor.pause",
  resumeMonitor: "monitor.resume",
  /** Opens the create-monitor modal (App Home button, messages). */
  openCreateMonitor: "monitor.create.open",
  // Accounts and teams
  /** Opens the login modal; its value may carry a pending action (pendingActionCodec). */
  linkAccount: "account.link",
  teamSelect: "team.select",
  // App Home
  homeRefresh: "home.refresh",
  /** Inputs of the login modal. */
  login: loginInputs,
  /** Inputs of the create-monitor modal. */
  createMonitor: createMonitorInputs,
} as const;

/** callback_ids of modals and Home (`app.view(...)`), and of shortcuts. */
export const views = {
  login: "login",
  createMonitor: "create_monitor",
  home: "home",
} as const;

/** callback_ids of shortcuts declared in the app manifest. */
export const shortcuts = {
  /** Global shortcut "Create monitor": opens the same modal as `/uptime create` (DESIGN.md section 1). */
  createMonitor: "create_monitor_shortcut",
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
  chart: "chart.image",
  monitorsPager: "monitors.pager",
  incidentsPager: "incidents.pager",
  homeActions: "home.actions",
  login: loginInputs,
  createMonitor: createMonitorInputs,
} as const;

/** Values of the create-monitor kind radio buttons (A8: HTTP monitors, and `tcp_port` ones). */
export const createMonitorKinds = { url: "url", tcp: "tcp" } as const;

/** The mute durations offered in the alert overflow menu, in hours (DESIGN.md section 1). */
export const MUTE_HOURS = [1, 4, 24] as const;

// ---------------------------------------------------------------------------------------------------------
// Codecs

/** Where an encoded value goes, and the most Slack accepts there (characters). */
export const valueLimits = {
  buttonValue: limits.buttonValue,
  privateMetadata: limits.privateMetadata,
  optionValue: limits.optionValue,
} as const;

/** Thrown by encode() on a programming error: data that fails its schema, or a result over its limit. */
export class CodecEncodeError extends Error {
  override readonly name = "CodecEncodeError";
  constructor(
    readonly codec: string,
    readonly reason: "invalid" | "too_long",
    message: string,
  ) {
    super(message);
  }
}

export interface Codec<T> {
  readonly name: string;
  readonly version: number;
  readonly limit: number;
  /** Compact JSON `{"v":1,"k":"<name>",...}`. Throws CodecEncodeError on invalid data or past the limit. */
  encode(data: T): string;
  /** The data, or null for anything else: undefined, junk, another codec's value, another version. */
  decode(raw: string | undefined | null): T | null;
}

/**
 * A codec value, or undefined when the data does not fit the codec (an id of an unexpected shape): the
 * renderer then leaves that one button out instead of throwing, so the message itself is still delivered.
 */
export function tryEncode<T>(codec: Codec<T>, data: T): string | undefined {
  try {
    return codec.encode(data);
  } catch (error) {
    if (error instanceof CodecEncodeError) return undefined;
    throw error;
  }
}

type AllKeys<T> = T extends unknown ? keyof T & string : never;

/**
 * A versioned codec for one kind of value. `keys` gives each top-level field a short wire key (values are
 * tight: an option value holds 150 characters); nested objects keep their own keys. "v" and "k" are reserved.
 * Bump `version` whenever the shape changes: values encoded by the old version then decode to null and the
 * handler answers "this button is out of date" instead of misreading them.
 */
export function defineCodec<S extends z.ZodType<Record<string, unknown>>>(
  name: string,
  version: number,
  schema: S,
  options: { limit: number; keys: Record<AllKeys<z.output<S>>, string> },
): Codec<z.output<S>> {
  const toWire = Object.entries(options.keys) as [string, string][];
  const wireKeys = toWire.map(([, wire]) => wire);
  if (wireKeys.some((k) => k === "v" || k === "k") || new Set(wireKeys).size !== wireKeys.length) {
    throw new TypeError(`codec ${name}: wire keys must be unique and not "v" or "k"`);
  }
  const fromWire = new Map(toWire.map(([field, wire]) => [wire, field]));

  return {
    name,
    version,
    limit: options.limit,
    encode(data) {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        throw new CodecEncodeError(
          name,
          "invalid",
          `codec ${name}: invalid data: ${z.prettifyError(parsed.error)}`,
        );
      }
      const wire: Record<string, unknown> = { v: version, k: name };
      for (const [field, key] of toWire) {
        const value = (parsed.data as Record<string, unknown>)[field];
        if (value !== undefined) wire[key] = value;
      }
      const encoded = JSON.stringify(wire);
      if (encoded.length > options.limit) {
        throw new CodecEncodeError(
          name,
          "too_long",
          `codec ${name}: encoded value is ${encoded.length} characters, over the limit of ${options.limit}`,
        );
      }
      return encoded;
    },
    decode(raw) {
      if (typeof raw !== "string" || raw.length === 0 || raw.length > options.limit) return null;
      let wire: unknown;
      try {
        wire = JSON.parse(raw);
      } catch {
        return null;
      }
      if (typeof wire !== "object" || wire === null || Array.isArray(wire)) return null;
      const record = wire as Record<string, unknown>;
      if (record.v !== version || record.k !== name) return null;
      const data: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) {
        const field = fromWire.get(key);
        if (field !== undefined) data[field] = value;
      }
      const parsed = schema.safeParse(data);
      return parsed.success ? parsed.data : null;
    },
  };
}

// Ids of the Uptime API are integers written as strings; Slack ids are short upper-case strings.
const apiId = z.string().regex(/^\d{1,18}$/);
const slackId = z.string().regex(/^[A-Z0-9]{1,30}$/);
// A response_url is a hooks.slack.com URL of ~100 characters; the cap keeps private_metadata bounded.
const responseUrl = z.url({ protocol: /^https?$/ }).max(500);

/** Acknowledge button of an alert message, the incident list and App Home. `teamId` is the API team. */
export const acknowledgeCodec = defineCodec("ack", 1, z.object({ incidentId: apiId, teamId: apiId }), {
  limit: valueLimits.buttonValue,
  keys: { incidentId: "i", teamId: "t" },
});

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

/** Unmute button of a muted alert message: the monitor and the channel it is muted in. */
export const unmuteCodec = defineCodec("unmute", 1, z.object({ monitorId: apiId, channelId: slackId }), {
  limit: valueLimits.buttonValue,
  keys: { monitorId: "m", channelId: "c" },
});

/** Details button of an alert message. */
export const detailsCodec = defineCodec("det", 1, z.object({ monitorId: apiId }), {
  limit: valueLimits.buttonValue,
  keys: { monitorId: "m" },
});

/**
 * What an unlinked user tried to do, completed once they have linked their account (DESIGN.md section 1:
 * "after linking, the ack is completed"). Travels in the Link button's value and the login modal's metadata.
 */
export const pendingActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("ack"), incidentId: apiId, teamId: apiId }),
  z.object({ action: z.literal("pause"), monitorId: apiId }),
  z.object({ action: z.literal("resume"), monitorId: apiId }),
]);
export type PendingAction = z.output<typeof pendingActionSchema>;

export const pendingActionCodec = defineCodec("pend", 1, pendingActionSchema, {
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
    pending: pendingActionSchema.optional(),
  }),
  { limit: valueLimits.privateMetadata, keys: { channelId: "c", responseUrl: "r", pending: "p" } },
);

/**
 * private_metadata of the create-monitor modal: the API team it creates in and the channel to confirm in.
 * Never a token: every submission is made with the submitting user's own stored token (DESIGN.md section 7).
 */
export const createMonitorModalCodec = defineCodec(
  "cm",
  1,
  z.object({ teamId: apiId, channelId: slackId.optional() }),
  { limit: valueLimits.privateMetadata, keys: { teamId: "t", channelId: "c" } },
);

/** Pause / Resume buttons (actions.pauseMonitor / actions.resumeMonitor): the monitor they act on. */
export const monitorActionCodec = defineCodec("mon", 1, z.object({ monitorId: apiId }), {
  limit: valueLimits.buttonValue,
  keys: { monitorId: "m" },
});
