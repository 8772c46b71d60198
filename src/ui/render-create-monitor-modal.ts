/**
 * The create-monitor modal (`/uptime create`, the "Create monitor" shortcut, App Home) and its companions:
 * the "link first" modal and the confirmation after a monitor was created. Pure.
 */
import type { KnownBlock, ModalView, PlainTextOption } from "@slack/types";
import type { Group, Monitor } from "../uptime/types";
import { monitorActionCodec } from "./codecs";
import {
  type CreateMonitorKind,
  DEFAULT_INTERVAL,
  DEFAULT_TCP_TIMEOUT,
  intervalLabel,
  MONITOR_INTERVALS,
} from "./create-monitor-form";
import { actions, blocks, createMonitorKinds, views } from "./ids";
import { linkButton } from "./link-button";
import { monitorAddress } from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";

const B = blocks.createMonitor;
const A = actions.createMonitor;

// Input lengths the service accepts (the simulator refuses longer; the reference names no limits).
const MAX_NAME = 255;
const MAX_URL = 2048;
const MAX_HOST = 253;
/** A8 `keywordBody`: the reference gives no length; a keyword is a short phrase, not a page. */
const MAX_KEYWORD = 500;
const MAX_GROUP = 100;
/** An external select shows at most 100 options. */
const MAX_OPTIONS = 100;

function option(text: string, value: string): PlainTextOption {
  return { text: plainText(text, limits.optionText), value };
}

const KIND_OPTIONS: Record<CreateMonitorKind, PlainTextOption> = {
  url: option("URL (HTTP or HTTPS)", createMonitorKinds.url),
  tcp: option("TCP port", createMonitorKinds.tcp),
};

const INTERVAL_OPTIONS = MONITOR_INTERVALS.map((s) => option(intervalLabel(s), String(s)));

export interface CreateMonitorModalInput {
  kind: CreateMonitorKind;
  /** The API team the monitor will be created in. */
  teamName: string;
  /** createMonitorModalCodec.encode(...): the team and where to confirm; never a token. */
  privateMetadata: string;
  /** Editing (`/uptime edit`, the Edit button): the inputs start with its values; its kind is fixed. */
  monitor?: Monitor | undefined;
}

/** The modal's kind for a monitor (A8: http or tcp_port). */
export function monitorKindOf(monitor: Pick<Monitor, "kind">): CreateMonitorKind {
  return monitor.kind === "tcp_port" ? createMonitorKinds.tcp : createMonitorKinds.url;
}

/** `initial_value` when there is one (Slack refuses an empty one on some inputs). */
function initial(value: string | number | null | undefined): { initial_value?: string } {
  return value === null || value === undefined || value === "" ? {} : { initial_value: String(value) };
}

/**
 * The modal. Switching the kind radio dispatches a block action (dispatch_action) and the listener redraws
 * the modal with `views.update`; inputs keep their block_ids across kinds, so Slack keeps what was typed.
 */
export function renderCreateMonitorModal(input: CreateMonitorModalInput): ModalView {
  const m = input.monitor;
  // The raw target, secrets included, only to prefill the edit form: saving the scrubbed one would drop them.
  const settings = { ...m?.settings, ...m?.editTarget };
  const targetBlocks: KnownBlock[] =
    input.kind === createMonitorKinds.url
      ? [
          {
            type: "input",
            block_id: B.url,
            label: plainText("URL", limits.inputLabel),
            hint: plainText("The address to request; any 2xx or 3xx answer counts as up.", limits.inputLabel),
            element: {
              type: "plain_text_input",
              action_id: A.url,
              max_length: MAX_URL,
              ...initial(settings.url),
              placeholder: plainText("https://example.com/health", limits.placeholder),
            },
          },
          {
            type: "input",
            block_id: B.keyword,
            optional: true,
            label: plainText("Keyword", limits.inputLabel),
            hint: plainText(
              "Optional: text the answer's body must contain to count as up.",
              limits.inputLabel,
            ),
            element: {
              type: "plain_text_input",
              action_id: A.keyword,
              max_length: MAX_KEYWORD,
              ...initial(settings.keywordBody),
              placeholder: plainText("OK", limits.placeholder),
            },
          },
        ]
      : [
          {
            type: "input",
            block_id: B.host,
            label: plainText("Host", limits.inputLabel),
            element: {
              type: "plain_text_input",
              action_id: A.host,
              max_length: MAX_HOST,
              ...initial(settings.host),
              placeholder: plainText("db.example.com or 203.0.113.10", limits.placeholder),
            },
          },
          {
            type: "input",
            block_id: B.port,
            label: plainText("Port", limits.inputLabel),
            element: {
              type: "number_input",
              action_id: A.port,
              is_decimal_allowed: false,
              min_value: "1",
              max_value: "65535",
              ...initial(settings.port),
              placeholder: plainText("5432", limits.placeholder),
            },
          },
          {
            type: "input",
            block_id: B.timeout,
            optional: true,
            label: plainText("Timeout (seconds)", limits.inputLabel),
            hint: plainText(
              `How long to wait for the connection, 1 to 60 s (default ${DEFAULT_TCP_TIMEOUT}).`,
              limits.inputLabel,
            ),
            element: {
              type: "number_input",
              action_id: A.timeout,
              is_decimal_allowed: false,
              min_value: "1",
              max_value: "60",
              initial_value: String(settings.timeout ?? DEFAULT_TCP_TIMEOUT),
            },
          },
        ];

  const interval =
    INTERVAL_OPTIONS.find((o) => o.value === String(m?.interval ?? DEFAULT_INTERVAL)) ??
    INTERVAL_OPTIONS.find((o) => o.value === String(DEFAULT_INTERVAL));
  const team = `*${escapeMrkdwn(input.teamName)}*`;
  const group =
    m?.group && m.group.length <= limits.optionValue
      ? option(truncate(m.group, limits.optionText), m.group)
      : null;
  return {
    type: "modal",
    callback_id: views.createMonitor,
    title: plainText(m ? "Edit monitor" : "Create monitor", limits.modalTitle),
    submit: plainText(m ? "Save" : "Create", limits.modalButton),
    close: plainText("Cancel", limits.modalButton),
    private_metadata: input.privateMetadata,
    blocks: [
      {
        type: "context",
        elements: [
          mrkdwn(
            m
              ? `Editing *${escapeMrkdwn(truncate(m.name, 200))}* in ${team}, saved with your own Uptime account.`
              : `New monitor in ${team}, created with your own Uptime account.`,
          ),
        ],
      },
      {
        type: "input",
        block_id: B.kind,
        // A change redraws the modal with the inputs of the other kind; an existing monitor's kind is fixed
        // (A7 PATCH), so editing offers its own kind only.
        ...(m ? {} : { dispatch_action: true }),
        label: plainText("What to check", limits.inputLabel),
        element: {
          type: "radio_buttons",
          action_id: A.kind,
          options: m ? [KIND_OPTIONS[input.kind]] : [KIND_OPTIONS.url, KIND_OPTIONS.tcp],
          initial_option: KIND_OPTIONS[input.kind],
        },
      },
      {
        type: "input",
        block_id: B.name,
        label: plainText("Name", limits.inputLabel),
        element: {
          type: "plain_text_input",
          action_id: A.name,
          max_length: MAX_NAME,
          placeholder: plainText("API health", limits.placeholder),
          ...initial(m?.name),
        },
      },
      ...targetBlocks,
      {
        type: "input",
        block_id: B.interval,
        label: plainText("Check every", limits.inputLabel),
        element: {
          type: "static_select",
          action_id: A.interval,
          options: INTERVAL_OPTIONS,
          ...(interval ? { initial_option: interval } : {}),
        },
      },
      {
        type: "input",
        block_id: B.group,
        optional: true,
        label: plainText("Group", limits.inputLabel),
        hint: plainText("Start typing to search the team's groups.", limits.inputLabel),
        element: {
          type: "external_select",
          action_id: A.group,
          min_query_length: 0,
          placeholder: plainText("Pick an existing group", limits.placeholder),
          ...(group ? { initial_option: group } : {}),
        },
      },
      {
        type: "input",
        block_id: B.newGroup,
        optional: true,
        label: plainText("…or a new group", limits.inputLabel),
        hint: plainText("A new group is created with the monitor.", limits.inputLabel),
        element: {
          type: "plain_text_input",
          action_id: A.newGroup,
          max_length: MAX_GROUP,
          placeholder: plainText("Payments", limits.placeholder),
        },
      },
      {
        type: "input",
        block_id: B.pronounceable,
        optional: true,
        label: plainText("Pronounceable name", limits.inputLabel),
        hint: plainText("How voice alerts say the name, e.g. “A P I health”.", limits.inputLabel),
        element: {
          type: "plain_text_input",
          action_id: A.pronounceable,
          max_length: MAX_NAME,
          ...initial(m?.pronounceable),
        },
      },
    ],
  };
}

/** Opened at once by `/uptime edit` (the trigger lasts 3 s), then replaced by the form or the problem. */
export function renderEditLoadingModal(): ModalView {
  return {
    type: "modal",
    title: plainText("Edit monitor", limits.modalTitle),
    close: plainText("Cancel", limits.modalButton),
    blocks: [{ type: "section", text: mrkdwn(":hourglass_flowing_sand: Reading the monitor…") }],
  };
}

/** Why the monitor cannot be edited (not found, with suggestions; not linked; the API unreachable). */
export function renderEditProblemModal(text: string): ModalView {
  return {
    type: "modal",
    title: plainText("Edit monitor", limits.modalTitle),
    close: plainText("Close", limits.modalButton),
    blocks: [{ type: "section", text: mrkdwn(text) }],
  };
}

/** The confirmation after an edit was saved: what the monitor is now. */
export function renderMonitorUpdated(input: { monitor: Monitor; teamName: string }): Rendered {
  const { monitor } = input;
  const name = escapeMrkdwn(truncate(monitor.name, 200));
  const target = escapeMrkdwn(truncate(monitorTarget(monitor), 500));
  const group = monitor.group ? ` in group *${escapeMrkdwn(truncate(monitor.group, 100))}*` : "";
  const every = monitor.interval ? ` every ${intervalLabel(monitor.interval)}` : "";
  return {
    text: `Saved monitor ${name}.`,
    blocks: [
      {
        type: "section",
        text: mrkdwn(
          `:white_check_mark: Saved *${name}*${group} (${escapeMrkdwn(truncate(input.teamName, 100))}): \`${target}\`${every}.`,
        ),
      },
    ],
  };
}

/**
 * Shown instead of the create modal when the shortcut or App Home is used by an unlinked user: a modal
 * (there is no channel to answer in) with the Link button. `text` is an errorText sentence: mrkdwn whose
 * values are escaped already.
 */
export function renderLinkFirstModal(text: string): ModalView {
  return {
    type: "modal",
    title: plainText("Create monitor", limits.modalTitle),
    close: plainText("Close", limits.modalButton),
    blocks: [
      { type: "section", text: mrkdwn(`:link: ${text}`) },
      { type: "actions", elements: [linkButton()] },
    ],
  };
}

/** Where the monitor points: the URL, or host:port. */
export function monitorTarget(monitor: Pick<Monitor, "settings">): string {
  return monitorAddress(monitor) ?? "(no target)";
}

/**
 * The confirmation after a create: name, target, interval and state "pending" (reference, rule 1: a new
 * monitor has no state until its first check). `requestedInterval` covers a create response without it.
 */
export function renderMonitorCreated(input: {
  monitor: Monitor;
  teamName: string;
  requestedInterval: number;
}): Rendered {
  const { monitor } = input;
  const interval = monitor.interval ?? input.requestedInterval;
  const name = escapeMrkdwn(truncate(monitor.name, 200));
  const target = escapeMrkdwn(truncate(monitorTarget(monitor), 500));
  const group = monitor.group ? ` in group *${escapeMrkdwn(truncate(monitor.group, 100))}*` : "";
  const summary = `Created *${name}*${group} (${escapeMrkdwn(truncate(input.teamName, 100))}): \`${target}\` every ${intervalLabel(interval)}. State: pending until its first check.`;
  return {
    text: `Created monitor ${name}: pending until its first check.`,
    blocks: [
      { type: "section", text: mrkdwn(`:white_check_mark: ${summary}`) },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            action_id: actions.pauseMonitor,
            text: plainText("Pause", limits.buttonText),
            value: monitorActionCodec.encode({ monitorId: monitor.id }),
          },
        ],
      },
    ],
  };
}

/**
 * The group picker's options (block_suggestion answer): value = the group name (A7: a group's id is its
 * name). A name longer than an option value holds (150) could not travel back intact and is left out.
 */
export function renderGroupOptions(
  groups: readonly Pick<Group, "name" | "monitorCount">[],
): PlainTextOption[] {
  return groups
    .filter((g) => g.name !== "" && g.name.length <= limits.optionValue)
    .slice(0, MAX_OPTIONS)
    .map((g) => {
      const count =
        g.monitorCount === null ? "" : ` · ${g.monitorCount} monitor${g.monitorCount === 1 ? "" : "s"}`;
      const suffix = truncate(count, 20);
      return option(`${truncate(g.name, limits.optionText - suffix.length)}${suffix}`, g.name);
    });
}
