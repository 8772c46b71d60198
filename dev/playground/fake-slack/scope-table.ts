import type { Args } from "./args";
import { boolArg, stringArg } from "./args";
import { SlackApiError } from "./errors";
import type { FakeSlackState } from "./state";
import type { Conversation } from "./types";

/** The kinds of conversation Slack's `conversations.*` scopes are split by. */
export type ConversationKind = "public" | "private" | "im" | "mpim";

type Needed = readonly string[] | Readonly<Record<ConversationKind, string>>;

/**
 * Bot scopes per Web API method, from each method's reference page (https://docs.slack.dev/reference/methods/
 * <method>, "Scopes", bot token). A list: the method needs every scope in it (in practice one). By kind: the
 * `conversations.*` methods need the scope of the conversation's type only ("Relevant *:history scope",
 * https://docs.slack.dev/reference/methods/conversations.history). Methods not listed need no scope
 * (views.open: "No scopes required", https://docs.slack.dev/reference/methods/views.open; the same for
 * views.push/update/publish, auth.test) or take the app-level token (apps.connections.open).
 */
export const METHOD_SCOPES: Readonly<Record<string, Needed>> = {
  // The chat:write scope page lists chat.delete, chat.postEphemeral, chat.postMessage and chat.update
  // (https://docs.slack.dev/reference/scopes/chat.write).
  "chat.postMessage": ["chat:write"],
  "chat.update": ["chat:write"],
  "chat.delete": ["chat:write"],
  "chat.postEphemeral": ["chat:write"],
  // https://docs.slack.dev/reference/methods/pins.add and pins.remove: "Required scopes" pins:write.
  "pins.add": ["pins:write"],
  "pins.remove": ["pins:write"],
  "conversations.history": {
    public: "channels:history",
    private: "groups:history",
    im: "im:history",
    mpim: "mpim:history",
  },
  "conversations.replies": {
    public: "channels:history",
    private: "groups:history",
    im: "im:history",
    mpim: "mpim:history",
  },
  // https://docs.slack.dev/reference/methods/conversations.info: channels:read, groups:read, im:read, mpim:read.
  "conversations.info": { public: "channels:read", private: "groups:read", im: "im:read", mpim: "mpim:read" },
  // The im:read scope page lists conversations.members (https://docs.slack.dev/reference/scopes/im.read).
  "conversations.members": {
    public: "channels:read",
    private: "groups:read",
    im: "im:read",
    mpim: "mpim:read",
  },
  // conversations.open starts a DM (im:write) or a group DM (mpim:write, whose scope page lists it:
  // https://docs.slack.dev/reference/scopes/mpim.write); resuming an existing one by id needs the same.
  "conversations.open": { public: "im:write", private: "im:write", im: "im:write", mpim: "mpim:write" },
  // Incident channels: conversations.create, .invite and .archive take channels:manage for a public channel
  // and groups:write for a private one (each method's "Scopes", bot token; also channels:write, a legacy
  // scope, and im:write / mpim:write, which name DMs these methods refuse).
  "conversations.create": {
    public: "channels:manage",
    private: "groups:write",
    im: "im:write",
    mpim: "mpim:write",
  },
  "conversations.invite": {
    public: "channels:manage",
    private: "groups:write",
    im: "im:write",
    mpim: "mpim:write",
  },
  "conversations.archive": {
    public: "channels:manage",
    private: "groups:write",
    im: "im:write",
    mpim: "mpim:write",
  },
  // https://docs.slack.dev/reference/methods/usergroups.users.list: usergroups:read.
  "usergroups.users.list": ["usergroups:read"],
  // https://docs.slack.dev/reference/methods/users.info: users:read.
  "users.info": ["users:read"],
  // https://docs.slack.dev/reference/methods/usergroups.list: usergroups:read.
  "usergroups.list": ["usergroups:read"],
  // https://docs.slack.dev/reference/methods/usergroups.users.update: usergroups:write.
  "usergroups.users.update": ["usergroups:write"],
  // https://docs.slack.dev/reference/methods/files.getUploadURLExternal, files.completeUploadExternal.
  "files.getUploadURLExternal": ["files:write"],
  "files.completeUploadExternal": ["files:write"],
  // https://docs.slack.dev/reference/methods/chat.unfurl: links:write. (functions.completeSuccess and
  // completeError: "No scopes required".)
  "chat.unfurl": ["links:write"],
  // https://docs.slack.dev/reference/methods/canvases.create, canvases.edit, canvases.access.set: each
  // "Bot token: canvases:write".
  "canvases.create": ["canvases:write"],
  "canvases.edit": ["canvases:write"],
  "canvases.access.set": ["canvases:write"],
};

export function conversationKind(conversation: Conversation): ConversationKind {
  if (conversation.isIm) return "im";
  if (conversation.isMpim) return "mpim";
  return conversation.isPrivate ? "private" : "public";
}

/**
 * The conversation a call is about, for scopes split by kind: `channel` (an id, a name, or a user id, which
 * chat.* turns into the app's DM), or for conversations.open the number of `users`. Undefined when unknown:
 * the method then answers its own `channel_not_found`.
 */
function kindOfCall(method: string, args: Args, state: FakeSlackState): ConversationKind | undefined {
  const channel = stringArg(args, "channel");
  if (method === "conversations.create") return boolArg(args, "is_private") === true ? "private" : "public";
  if (method === "conversations.open" && channel === undefined) {
    const users = (stringArg(args, "users") ?? "").split(",").filter((u) => u.trim() !== "");
    return users.length > 1 ? "mpim" : "im";
  }
  if (channel === undefined) return undefined;
  if (/^[UW][A-Z0-9]+$/.test(channel)) return "im";
  const conversation = state.findConversation(channel);
  return conversation ? conversationKind(conversation) : undefined;
}

/**
 * Slack's answer to a call whose scope the install lacks: `missing_scope` with the scope `needed` and the
 * scopes `provided` (the fields @slack/web-api's response types carry), or undefined when it may proceed.
 */
export function scopeRefusal(
  method: string,
  args: Args,
  state: FakeSlackState,
  granted: ReadonlySet<string>,
): SlackApiError | undefined {
  const needed = METHOD_SCOPES[method];
  if (needed === undefined) return undefined;
  let scopes: readonly string[];
  if (Array.isArray(needed)) scopes = needed;
  else {
    const kind = kindOfCall(method, args, state);
    if (kind === undefined) return undefined;
    scopes = [(needed as Record<ConversationKind, string>)[kind]];
  }
  const missing = scopes.find((scope) => !granted.has(scope));
  if (missing === undefined) return undefined;
  return new SlackApiError("missing_scope", [], { needed: missing, provided: [...granted].join(",") });
}
