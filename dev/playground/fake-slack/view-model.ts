import type { PlainText, SlackView, ViewStateValues } from "./types";

export interface ViewIdentity {
  id: string;
  teamId: string;
  appId: string;
  botId: string;
  hash: string;
  rootViewId: string | null;
  previousViewId: string | null;
  /** Input values kept across an update, as Slack keeps what the user typed for blocks that stay. */
  state?: { values: ViewStateValues };
}

function plainText(value: unknown): PlainText | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const text = (value as { text?: unknown }).text;
  if (typeof text !== "string") return undefined;
  const emoji = (value as { emoji?: unknown }).emoji;
  return { type: "plain_text", text, emoji: typeof emoji === "boolean" ? emoji : true };
}

function stringField(raw: Record<string, unknown>, name: string): string {
  const value = raw[name];
  return typeof value === "string" ? value : "";
}

/** A view object as Slack stores and returns it, from the (validated) view an app sent. */
export function toSlackView(raw: Record<string, unknown>, identity: ViewIdentity): SlackView {
  const type = raw.type === "home" ? "home" : "modal";
  const view: SlackView = {
    id: identity.id,
    team_id: identity.teamId,
    type,
    blocks: Array.isArray(raw.blocks) ? raw.blocks : [],
    private_metadata: stringField(raw, "private_metadata"),
    callback_id: stringField(raw, "callback_id"),
    external_id: stringField(raw, "external_id"),
    state: identity.state ?? { values: {} },
    hash: identity.hash,
    clear_on_close: raw.clear_on_close === true,
    notify_on_close: raw.notify_on_close === true,
    root_view_id: identity.rootViewId,
    previous_view_id: identity.previousViewId,
    app_id: identity.appId,
    app_installed_team_id: identity.teamId,
    bot_id: identity.botId,
  };
  if (type === "modal") {
    view.title = plainText(raw.title);
    view.close = plainText(raw.close) ?? null;
    view.submit = plainText(raw.submit) ?? null;
    if (typeof raw.submit_disabled === "boolean") view.submit_disabled = raw.submit_disabled;
  }
  return view;
}

/** Keeps only the state of blocks that are still in the new view (what Slack does on views.update). */
export function keptState(previous: SlackView, blocks: unknown[]): { values: ViewStateValues } {
  const ids = new Set(
    blocks
      .map((b) => (typeof b === "object" && b !== null ? (b as { block_id?: unknown }).block_id : undefined))
      .filter((id): id is string => typeof id === "string"),
  );
  const values: ViewStateValues = {};
  for (const [blockId, actions] of Object.entries(previous.state.values)) {
    if (ids.has(blockId)) values[blockId] = actions;
  }
  return { values };
}
