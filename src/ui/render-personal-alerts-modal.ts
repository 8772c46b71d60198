/**
 * App Home's "Alert me about…" modal: the person's own alerts with the filters of `/uptime subscribe`
 * (monitors, groups) and the options that mean something for one person (a digest, an escalation step while
 * an outage is unacknowledged, the storm roll-up; no mention: personal alerts ping nobody; flapping keeps its
 * default). Pure.
 */
import type { ModalView, PlainTextOption } from "@slack/types";
import {
  ESCALATE_MAX_MINUTES,
  ESCALATE_MIN_MINUTES,
  STORM_MAX,
  STORM_MIN,
} from "../domain/alert-rule-bounds";
import type { Monitor } from "../uptime/types";
import { actions, blocks, personalDigestChoices, views } from "./ids";
import { APP_MENTION } from "./render-subscribe-result";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";

const B = blocks.personalAlerts;
const A = actions.personalAlerts;

/** A multi select keeps at most this many picks: a person's list, not the whole team (Slack allows 100). */
const MAX_PICKS = 25;
/** An external select shows at most 100 options. */
const MAX_OPTIONS = 100;

function option(text: string, value: string): PlainTextOption {
  return { text: plainText(text, limits.optionText), value };
}

const DIGEST_OPTIONS = [
  option("No digest", personalDigestChoices.none),
  option("Daily digest at 09:00", personalDigestChoices.daily),
  option("Weekly digest, Mondays 09:00", personalDigestChoices.weekly),
];

export function renderPersonalAlertsModal(input: { teamName: string; privateMetadata: string }): ModalView {
  return {
    type: "modal",
    callback_id: views.personalAlerts,
    title: plainText("Alert me about…", limits.modalTitle),
    submit: plainText("Alert me", limits.modalButton),
    close: plainText("Cancel", limits.modalButton),
    private_metadata: input.privateMetadata,
    blocks: [
      {
        type: "context",
        elements: [
          mrkdwn(
            `Your own alerts of *${escapeMrkdwn(truncate(input.teamName, 200))}*, in your DM with ${APP_MENTION}: nobody else sees them. Pick nothing for every monitor.`,
          ),
        ],
      },
      {
        type: "input",
        block_id: B.monitors,
        optional: true,
        label: plainText("Monitors", limits.inputLabel),
        hint: plainText("Start typing to search the team's monitors.", limits.inputLabel),
        element: {
          type: "multi_external_select",
          action_id: A.monitors,
          min_query_length: 0,
          max_selected_items: MAX_PICKS,
          placeholder: plainText("Every monitor", limits.placeholder),
        },
      },
      {
        type: "input",
        block_id: B.groups,
        optional: true,
        label: plainText("Groups", limits.inputLabel),
        hint: plainText("Alerts for every monitor of these groups, now and later.", limits.inputLabel),
        element: {
          type: "multi_external_select",
          action_id: A.groups,
          min_query_length: 0,
          max_selected_items: MAX_PICKS,
          placeholder: plainText("Any group", limits.placeholder),
        },
      },
      {
        type: "input",
        block_id: B.digest,
        optional: true,
        label: plainText("Digest", limits.inputLabel),
        hint: plainText(
          "Availability, incidents, MTTA and MTTR, at 09:00 in your Slack time zone.",
          limits.inputLabel,
        ),
        element: {
          type: "static_select",
          action_id: A.digest,
          options: DIGEST_OPTIONS,
          initial_option: DIGEST_OPTIONS[0]!,
        },
      },
      {
        type: "input",
        block_id: B.escalate,
        optional: true,
        label: plainText("Remind me after (minutes)", limits.inputLabel),
        hint: plainText(
          `Once more, when an outage is still unacknowledged after this many minutes (${ESCALATE_MIN_MINUTES} to ${ESCALATE_MAX_MINUTES}).`,
          limits.inputLabel,
        ),
        element: {
          type: "number_input",
          action_id: A.escalate,
          is_decimal_allowed: false,
          min_value: String(ESCALATE_MIN_MINUTES),
          max_value: String(ESCALATE_MAX_MINUTES),
        },
      },
      {
        type: "input",
        block_id: B.storm,
        optional: true,
        label: plainText("Roll up above (incidents a minute)", limits.inputLabel),
        hint: plainText(
          "More outages of the team within a minute than this come as one message instead of one each (default 5).",
          limits.inputLabel,
        ),
        element: {
          type: "number_input",
          action_id: A.storm,
          is_decimal_allowed: false,
          min_value: String(STORM_MIN),
          max_value: String(STORM_MAX),
        },
      },
      {
        type: "context",
        elements: [
          mrkdwn(
            "🌙 Your quiet hours come from your Uptime profile: alerts then arrive in a thread, without a notification. The same filters again replace these alerts' options.",
          ),
        ],
      },
    ],
  };
}

/** The monitor picker's options (block_suggestion answer): value = the monitor id, text = its name. */
export function renderMonitorOptions(
  monitors: readonly Pick<Monitor, "id" | "name" | "group">[],
): PlainTextOption[] {
  return monitors.slice(0, MAX_OPTIONS).map((m) => {
    const group = m.group ? ` · ${truncate(m.group, 30)}` : "";
    return option(`${truncate(m.name, limits.optionText - group.length)}${group}`, m.id);
  });
}
