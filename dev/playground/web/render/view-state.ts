/**
 * `view.state.values` as Slack builds it from what the user entered: block_id -> action_id -> the
 * element's value object (`value` for text and number inputs, `selected_option` for selects and radio
 * buttons, `selected_options` for checkboxes, ...). Pure: the page reads its controls into RawInput and this
 * turns them into Slack's shapes.
 */
import { blockIdOf, elementsOf, isObject, type Json, optionsOf, str } from "./block-lookup";

export type RawInput =
  /** Text-like controls: the typed text ("" when empty). */
  | { kind: "text"; text: string }
  /** Static selects, radio buttons: index into the element's options (flattened groups), or null. */
  | { kind: "index"; index: number | null }
  /** Checkboxes: indexes into the element's options. */
  | { kind: "indexes"; indexes: number[] }
  /** External selects: the option object the app returned, or null. */
  | { kind: "option"; option: Json | null }
  /** Multi external selects: the option objects picked, in order. */
  | { kind: "options"; options: Json[] };

export type ViewStateValues = Record<string, Record<string, Json>>;

/** Element types that keep state in a view (buttons and overflow menus only act). */
const STATEFUL = new Set([
  "plain_text_input",
  "number_input",
  "email_text_input",
  "url_text_input",
  "static_select",
  "external_select",
  "multi_external_select",
  "radio_buttons",
  "checkboxes",
  "datepicker",
  "timepicker",
  "users_select",
  "multi_users_select",
  "conversations_select",
  "channels_select",
]);

function textOf(raw: RawInput | undefined): string | null {
  return raw?.kind === "text" && raw.text !== "" ? raw.text : null;
}

/** The state value of one element, as Slack reports it. */
export function stateValue(element: Json, raw: RawInput | undefined): Json {
  const type = str(element.type) ?? "";
  const options = optionsOf(element);
  switch (type) {
    case "static_select":
    case "radio_buttons": {
      const index = raw?.kind === "index" ? raw.index : null;
      return { type, selected_option: index === null ? null : (options[index] ?? null) };
    }
    case "checkboxes": {
      const indexes = raw?.kind === "indexes" ? raw.indexes : [];
      return { type, selected_options: indexes.flatMap((i) => (options[i] ? [options[i]] : [])) };
    }
    case "external_select":
      return { type, selected_option: raw?.kind === "option" ? raw.option : null };
    case "multi_external_select":
      return { type, selected_options: raw?.kind === "options" ? raw.options : [] };
    case "datepicker":
      return { type, selected_date: textOf(raw) };
    case "timepicker":
      return { type, selected_time: textOf(raw) };
    case "users_select":
      return { type, selected_user: textOf(raw) };
    case "multi_users_select":
      return {
        type,
        selected_users: raw?.kind === "options" ? raw.options.flatMap((o) => str(o.value) ?? []) : [],
      };
    case "conversations_select":
      return { type, selected_conversation: textOf(raw) };
    case "channels_select":
      return { type, selected_channel: textOf(raw) };
    default:
      return { type, value: textOf(raw) };
  }
}

/**
 * The state of every stateful element of a view's blocks; `read(blockId, actionId)` gives what the user
 * entered there (undefined: nothing, e.g. the control is not on the page).
 */
export function buildViewState(
  blocks: unknown,
  read: (blockId: string, actionId: string, element: Json) => RawInput | undefined,
): ViewStateValues {
  const values: ViewStateValues = {};
  if (!Array.isArray(blocks)) return values;
  blocks.forEach((block, index) => {
    if (!isObject(block)) return;
    const blockId = blockIdOf(block, index);
    for (const element of elementsOf(block)) {
      const actionId = str(element.action_id);
      if (actionId === undefined || !STATEFUL.has(str(element.type) ?? "")) continue;
      values[blockId] ??= {};
      values[blockId][actionId] = stateValue(element, read(blockId, actionId, element));
    }
  });
  return values;
}
