/**
 * The Page modal, from Page... on an alert or a roll-up: people (multi_users_select), user groups (Block
 * Kit has no user-group select: a multi_external_select filled from usergroups.list) and a line. Pure, like
 * the reading of its values.
 */
import type { ModalView, PlainTextOption } from "@slack/types";
import { actions, blocks, views } from "./ids";
import { limits, mrkdwn, plainText } from "./text";

const B = blocks.page;
const A = actions.page;

/** As many as a page reaches (PAGE_MAX_PEOPLE in the page kind). */
const MAX_PICKS = 20;
const MESSAGE_MAX = 500;

export function renderPageModal(input: {
  privateMetadata: string;
  /** From a roll-up: which of its open incidents (at most 100, Slack's limit of a static select). */
  incidents?: readonly { incidentId: string; monitorName: string }[] | undefined;
  /** Who the channel's rota has on call as the modal opens; absent where the channel has no rota. */
  onCall?: string | undefined;
}): ModalView {
  const incidents = input.incidents ?? [];
  const incidentBlocks =
    incidents.length > 0
      ? [
          {
            type: "input" as const,
            block_id: B.incident,
            label: plainText("Incident", limits.inputLabel),
            element: {
              type: "static_select" as const,
              action_id: A.incident,
              placeholder: plainText("Which outage", limits.placeholder),
              options: incidents.slice(0, 100).map((i) => ({
                text: plainText(`${i.monitorName} (#${i.incidentId})`, limits.optionText),
                value: i.incidentId,
              })),
            },
          },
        ]
      : [];
  return {
    type: "modal",
    callback_id: views.page,
    title: plainText("Page", limits.modalTitle),
    submit: plainText("Page now", limits.modalButton),
    close: plainText("Cancel", limits.modalButton),
    private_metadata: input.privateMetadata,
    blocks: [
      ...incidentBlocks,
      {
        type: "input",
        block_id: B.people,
        optional: true,
        label: plainText("People", limits.inputLabel),
        hint: plainText(
          "Each gets a DM with the incident and Acknowledge; the alert's thread names them.",
          limits.inputLabel,
        ),
        element: {
          type: "multi_users_select",
          action_id: A.people,
          max_selected_items: MAX_PICKS,
          placeholder: plainText("Pick people", limits.placeholder),
        },
      },
      ...(input.onCall ? [onCallBlock(input.onCall)] : []),
      {
        type: "input",
        block_id: B.groups,
        optional: true,
        label: plainText("User groups", limits.inputLabel),
        hint: plainText("Each member gets the DM too.", limits.inputLabel),
        element: {
          type: "multi_external_select",
          action_id: A.groups,
          min_query_length: 0,
          max_selected_items: MAX_PICKS,
          placeholder: plainText("Pick user groups", limits.placeholder),
        },
      },
      {
        type: "input",
        block_id: B.message,
        optional: true,
        label: plainText("Message", limits.inputLabel),
        element: {
          type: "plain_text_input",
          action_id: A.message,
          multiline: true,
          max_length: MESSAGE_MAX,
          placeholder: plainText("What they should know", limits.placeholder),
        },
      },
    ],
  };
}

/** The rota's choice: named as of now, but whoever is on call when the page is sent is paged. */
function onCallBlock(userId: string) {
  return {
    type: "input" as const,
    block_id: B.oncall,
    optional: true,
    label: plainText("On call", limits.inputLabel),
    element: {
      type: "checkboxes" as const,
      action_id: A.oncall,
      options: [{ text: mrkdwn(`Whoever is on call (<@${userId}> now)`, limits.optionText), value: ONCALL }],
    },
  };
}

const ONCALL = "oncall";

/** The user groups offered for what was typed: `@handle (Name)`, the group's id as the value. */
export function renderUsergroupOptions(
  groups: readonly { id: string; handle: string; name: string }[],
  query: string,
): PlainTextOption[] {
  const q = query.trim().replace(/^@/, "").toLowerCase();
  return groups
    .filter((g) => q === "" || g.handle.toLowerCase().includes(q) || g.name.toLowerCase().includes(q))
    .slice(0, 100)
    .map((g) => ({ text: plainText(`@${g.handle} (${g.name})`, limits.optionText), value: g.id }));
}

type Values = Record<
  string,
  Record<
    string,
    {
      selected_users?: string[] | null;
      selected_options?: { value?: string }[] | null;
      selected_option?: { value?: string } | null;
      value?: string | null;
    }
  >
>;

/** What the modal was submitted with: ids only, and the line trimmed; an empty page is the caller's to refuse. */
export function readPageForm(values: Values): {
  users: string[];
  groups: string[];
  message?: string;
  incidentId?: string;
  oncall?: true;
} {
  const incidentId = values[B.incident]?.[A.incident]?.selected_option?.value;
  const users = values[B.people]?.[A.people]?.selected_users ?? [];
  const groups = (values[B.groups]?.[A.groups]?.selected_options ?? []).flatMap((o) =>
    o.value ? [o.value] : [],
  );
  const message = values[B.message]?.[A.message]?.value?.trim();
  const oncall = (values[B.oncall]?.[A.oncall]?.selected_options ?? []).some((o) => o.value === ONCALL);
  return {
    users: [...users],
    groups,
    ...(message ? { message } : {}),
    ...(incidentId ? { incidentId } : {}),
    ...(oncall ? { oncall: true as const } : {}),
  };
}
