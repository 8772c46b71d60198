/** The JSON the playground server and its page exchange (both sides import these types). */

export interface PlaygroundUser {
  id: string;
  name: string;
  realName: string;
  /** What the demo makes of this person ("owner, linked"). */
  role: string;
}

export interface PlaygroundChannel {
  id: string;
  name: string;
  /** Archived in Slack (an incident channel after its Archive button): listed, marked. */
  archived?: boolean;
}

export interface Bootstrap {
  teamId: string;
  botUserId: string;
  botName: string;
  users: PlaygroundUser[];
  channels: PlaygroundChannel[];
  /** Each user's DM with the app. */
  dms: Record<string, string>;
  /** Whether the app's DM has a composer: only when manifest.yml's Messages tab is on and writable. */
  appDmComposer: boolean;
  usergroups: Record<string, string>;
  /** The workspace's canvases (a postmortem), each opened at /canvas?id=. */
  canvases: { id: string; title: string }[];
  /** The manifest's message shortcuts, offered on thread messages. */
  messageShortcuts: { callbackId: string; name: string }[];
}

export interface PlaygroundMonitor {
  id: number;
  name: string;
  group: string | null;
  state: string;
  paused: boolean;
}

/** A message as the page shows it: Slack's message fields plus whether only this reader sees it. */
export interface PageMessage {
  ts: string;
  text: string;
  user?: string;
  bot_id?: string;
  blocks?: unknown[];
  attachments?: unknown[];
  thread_ts?: string;
  reply_count?: number;
  edited?: { user: string; ts: string };
  ephemeral: boolean;
  subtype?: string;
}

export interface ConversationState {
  channel: string;
  messages: PageMessage[];
}

export interface ThreadState {
  channel: string;
  parent: PageMessage | null;
  replies: PageMessage[];
}

export interface PageView {
  id: string;
  type: "modal" | "home";
  title?: string;
  submit?: string | null;
  close?: string | null;
  blocks: unknown[];
  callback_id: string;
  notify_on_close: boolean;
  /** Inline errors from `response_action: "errors"`, by block_id. */
  errors: Record<string, string>;
}

export interface ViewsState {
  user: string;
  /** The modal stack, root first. */
  modals: PageView[];
  home: PageView | null;
}

/** A fake Slack change, as the event stream sends it. */
export type ChangeEvent =
  | { kind: "conversation"; channel: string; ts?: string }
  | { kind: "ephemeral"; channel: string; user: string }
  | { kind: "view"; user: string; viewId: string }
  | { kind: "home"; user: string; viewId: string }
  | { kind: "monitors" };

export type ActionContainerInput =
  | { type: "message"; channel: string; ts: string }
  | { type: "ephemeral"; channel: string; ts: string }
  | { type: "view"; viewId: string };

export interface ActionRequest {
  user: string;
  container: ActionContainerInput;
  action: { action_id: string; block_id: string; type: string; [field: string]: unknown };
  /** Current input values of the view (views) or of the message's inputs. */
  stateValues?: Record<string, Record<string, unknown>>;
}

export interface ApiAnswer {
  ok: boolean;
  error?: string;
  [field: string]: unknown;
}
