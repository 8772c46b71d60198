import { EventEmitter } from "node:events";
import { slackFileRefs } from "./block-validation";
import { slackId } from "./ids";
import { compareTs, microsToTs, nextTsMicros } from "./slack-ts";
import type {
  ApiCallRecord,
  Conversation,
  EphemeralMessage,
  FakeCanvas,
  FakeChannelSeed,
  FakeSlackChange,
  FakeSlackConfig,
  FakeUsergroupSeed,
  FakeUserSeed,
  FunctionExecution,
  ResponseUrlPost,
  SharedLinks,
  SlackMessage,
  SlackView,
  StoredFile,
  StoredMessage,
} from "./types";

export type ViewLocation = { view: SlackView; user: string; where: "modal" | "home" };

/** Fields of a message an update may change; undefined fields are left as they are. */
export interface MessagePatch {
  text?: string;
  blocks?: unknown[];
  attachments?: unknown[];
  metadata?: StoredMessage["metadata"] | null;
  edited?: { user: string; ts: string };
}

/**
 * Everything the fake Slack holds. Every mutation emits "change" on `events` with the affected
 * conversation or view, so that a page (or a test) can follow along.
 */
export class FakeSlackState {
  readonly events = new EventEmitter();
  readonly users = new Map<string, FakeUserSeed>();
  readonly usergroups: FakeUsergroupSeed[];
  readonly conversations = new Map<string, Conversation>();
  readonly ephemerals: EphemeralMessage[] = [];
  /** Open modal stacks per user (root first, at most 3 views). */
  readonly modalStacks = new Map<string, SlackView[]>();
  readonly homeViews = new Map<string, SlackView>();
  /** The last `response_action: "errors"` map shown on a view, by view id. */
  readonly viewErrors = new Map<string, Record<string, string>>();
  readonly files = new Map<string, StoredFile>();
  readonly calls: ApiCallRecord[] = [];
  readonly responseUrlPosts: ResponseUrlPost[] = [];
  /** link_shared events sent, by unfurl_id (chat.unfurl's rules). */
  readonly sharedLinks = new Map<string, SharedLinks>();
  /** Custom step runs, by function_execution_id (functions.completeSuccess / completeError). */
  readonly functionExecutions = new Map<string, FunctionExecution>();
  /** Tokens revoked (member-events.ts): a call with one answers `token_revoked`. */
  readonly revokedTokens = new Set<string>();
  /** Messages posted with a step run's workflow token (`<channel>:<ts>` -> run id): their clicks carry the run. */
  readonly messageRuns = new Map<string, string>();
  /** Canvases by id (web-api/canvases.ts): markdown as last written, and who may see them. */
  readonly canvases = new Map<string, FakeCanvas>();
  /** Pinned message ts per channel id (pins.add / pins.remove). */
  readonly pins = new Map<string, Set<string>>();
  private readonly lastTs = new Map<string, number>();
  /** People's own tokens a test handed out (userTokenFor), token -> user id: someone reading as themselves. */
  readonly userTokens = new Map<string, string>();

  constructor(
    readonly config: FakeSlackConfig,
    seed: { users: FakeUserSeed[]; channels: FakeChannelSeed[]; usergroups: FakeUsergroupSeed[] },
  ) {
    this.events.setMaxListeners(0);
    for (const user of seed.users) this.users.set(user.id, user);
    for (const channel of seed.channels) {
      this.conversations.set(channel.id, {
        id: channel.id,
        name: channel.name,
        isPrivate: channel.isPrivate === true,
        isArchived: channel.isArchived === true,
        isIm: false,
        isMpim: false,
        ...(channel.isExtShared ? { isExtShared: true } : {}),
        created: Math.floor(config.clock.now() / 1000),
        members: [...new Set(channel.members)],
        messages: [],
      });
    }
    this.usergroups = seed.usergroups;
  }

  /**
   * A person's own token (`xoxp-`), as another app installed by them would hold it: the reads it may make
   * are theirs, so a private channel they are not in does not exist for it (web-api/common.ts).
   */
  userTokenFor(userId: string): string {
    if (!this.users.has(userId)) throw new Error(`no user ${userId}`);
    const token = `xoxp-fake-${userId}`;
    this.userTokens.set(token, userId);
    return token;
  }

  private changed(change: FakeSlackChange): void {
    this.events.emit("change", change);
  }

  // --- conversations -------------------------------------------------------------------------------

  conversation(id: string): Conversation | undefined {
    return this.conversations.get(id);
  }

  /** A channel by id, or by name ("general" or "#general") as chat.postMessage accepts. */
  findConversation(idOrName: string): Conversation | undefined {
    const byId = this.conversations.get(idOrName);
    if (byId) return byId;
    const name = idOrName.replace(/^#/, "");
    for (const c of this.conversations.values()) if (!c.isIm && !c.isMpim && c.name === name) return c;
    return undefined;
  }

  /** The DM between the bot and a user, created on first use. */
  openIm(user: string): { conversation: Conversation; alreadyOpen: boolean } {
    for (const c of this.conversations.values()) {
      if (c.isIm && c.imUser === user) return { conversation: c, alreadyOpen: true };
    }
    const conversation: Conversation = {
      id: slackId("D"),
      name: user,
      isPrivate: true,
      isArchived: false,
      isIm: true,
      isMpim: false,
      imUser: user,
      created: Math.floor(this.config.clock.now() / 1000),
      members: [user, this.config.botUserId],
      messages: [],
    };
    this.conversations.set(conversation.id, conversation);
    this.changed({ kind: "conversation", channel: conversation.id });
    return { conversation, alreadyOpen: false };
  }

  /** A group DM of the bot and several users, created on first use. */
  openMpim(users: string[]): { conversation: Conversation; alreadyOpen: boolean } {
    const members = [...new Set([...users, this.config.botUserId])].sort();
    for (const c of this.conversations.values()) {
      if (c.isMpim && [...c.members].sort().join(",") === members.join(",")) {
        return { conversation: c, alreadyOpen: true };
      }
    }
    const names = members.map((id) => this.users.get(id)?.name ?? id);
    const conversation: Conversation = {
      id: slackId("G"),
      name: `mpdm-${names.join("--")}-1`,
      isPrivate: true,
      isArchived: false,
      isIm: false,
      isMpim: true,
      created: Math.floor(this.config.clock.now() / 1000),
      members,
      messages: [],
    };
    this.conversations.set(conversation.id, conversation);
    this.changed({ kind: "conversation", channel: conversation.id });
    return { conversation, alreadyOpen: false };
  }

  /** A channel created by `creator` (conversations.create), who is its first member. */
  createChannel(name: string, isPrivate: boolean, creator: string): Conversation {
    const conversation: Conversation = {
      id: slackId(isPrivate ? "G" : "C"),
      name,
      isPrivate,
      isArchived: false,
      isIm: false,
      isMpim: false,
      created: Math.floor(this.config.clock.now() / 1000),
      members: [creator],
      messages: [],
    };
    this.conversations.set(conversation.id, conversation);
    this.changed({ kind: "conversation", channel: conversation.id });
    return conversation;
  }

  /** Adds members to a channel (conversations.invite); the caller checked each of them. */
  addMembers(conversation: Conversation, users: readonly string[]): void {
    for (const user of users) if (!conversation.members.includes(user)) conversation.members.push(user);
    this.changed({ kind: "conversation", channel: conversation.id });
  }

  /** Archives (or unarchives) a channel, as a member would in Slack; false when there is no such channel. */
  setArchived(id: string, archived: boolean): boolean {
    const conversation = this.conversations.get(id);
    if (!conversation || conversation.isIm || conversation.isMpim) return false;
    conversation.isArchived = archived;
    this.changed({ kind: "conversation", channel: id });
    return true;
  }

  /** A person leaves a channel (or is removed): conversations.members no longer lists them. */
  removeMember(id: string, user: string): boolean {
    const conversation = this.conversations.get(id);
    if (!conversation || conversation.isIm || !conversation.members.includes(user)) return false;
    conversation.members = conversation.members.filter((m) => m !== user);
    this.changed({ kind: "conversation", channel: id });
    return true;
  }

  isMember(conversation: Conversation, user: string): boolean {
    return conversation.members.includes(user);
  }

  /** A fresh ts for a channel, strictly after every ts it handed out before. */
  nextTs(channel: string): string {
    const micros = nextTsMicros(this.lastTs.get(channel) ?? 0, this.config.clock.now());
    this.lastTs.set(channel, micros);
    return microsToTs(micros);
  }

  findMessage(channel: string, ts: string): StoredMessage | undefined {
    return this.conversations.get(channel)?.messages.find((m) => m.ts === ts);
  }

  /** Stores a new message (top level or thread reply) and keeps the parent's reply counters. */
  addMessage(channel: string, fields: Omit<StoredMessage, "ts" | "channel" | "type">): StoredMessage {
    const conversation = this.conversations.get(channel);
    if (!conversation) throw new Error(`no conversation ${channel}`);
    const message: StoredMessage = { type: "message", ...fields, channel, ts: this.nextTs(channel) };
    let parent: StoredMessage | undefined;
    if (message.thread_ts !== undefined) {
      parent = conversation.messages.find((m) => m.ts === message.thread_ts);
      // A reply's ts as thread_ts threads under that reply's parent, as Slack does.
      if (parent?.thread_ts !== undefined && parent.thread_ts !== parent.ts) {
        parent = conversation.messages.find((m) => m.ts === parent?.thread_ts);
      }
      if (parent) {
        message.thread_ts = parent.ts;
        message.parent_user_id = parent.user;
        if (message.reply_broadcast) message.subtype = "thread_broadcast";
      } else {
        delete message.thread_ts;
        delete message.reply_broadcast;
      }
    }
    conversation.messages.push(message);
    if (parent) this.refreshThread(conversation, parent);
    this.changed({ kind: "conversation", channel, ts: message.ts });
    return message;
  }

  /** A custom step run was completed or failed (functions.complete*). */
  functionChanged(id: string): void {
    this.changed({ kind: "function", id });
  }

  /** chat.unfurl: each URL's card attached to the message, a later one replacing the earlier. */
  attachUnfurls(channel: string, ts: string, unfurls: Record<string, unknown>): StoredMessage | undefined {
    const message = this.findMessage(channel, ts);
    if (!message) return undefined;
    message.app_unfurls = { ...message.app_unfurls, ...structuredClone(unfurls) };
    this.changed({ kind: "conversation", channel, ts });
    return message;
  }

  updateMessage(channel: string, ts: string, patch: MessagePatch): StoredMessage | undefined {
    const message = this.findMessage(channel, ts);
    if (!message) return undefined;
    if (patch.text !== undefined) message.text = patch.text;
    if (patch.blocks !== undefined) message.blocks = patch.blocks;
    if (patch.attachments !== undefined) message.attachments = patch.attachments;
    if (patch.metadata === null) delete message.metadata;
    else if (patch.metadata !== undefined) message.metadata = patch.metadata;
    if (patch.edited) message.edited = patch.edited;
    this.changed({ kind: "conversation", channel, ts });
    return message;
  }

  deleteMessage(channel: string, ts: string): boolean {
    const conversation = this.conversations.get(channel);
    if (!conversation) return false;
    const index = conversation.messages.findIndex((m) => m.ts === ts);
    if (index < 0) return false;
    const [removed] = conversation.messages.splice(index, 1);
    if (removed?.thread_ts !== undefined && removed.thread_ts !== removed.ts) {
      const parent = conversation.messages.find((m) => m.ts === removed.thread_ts);
      if (parent) this.refreshThread(conversation, parent);
    }
    this.changed({ kind: "conversation", channel, ts });
    return true;
  }

  /** Thread replies of a parent, oldest first. */
  replies(channel: string, parentTs: string): StoredMessage[] {
    const conversation = this.conversations.get(channel);
    if (!conversation) return [];
    return conversation.messages.filter((m) => m.thread_ts === parentTs && m.ts !== parentTs);
  }

  private refreshThread(conversation: Conversation, parent: StoredMessage): void {
    const replies = conversation.messages.filter((m) => m.thread_ts === parent.ts && m.ts !== parent.ts);
    if (replies.length === 0) {
      delete parent.thread_ts;
      delete parent.reply_count;
      delete parent.reply_users;
      delete parent.reply_users_count;
      delete parent.latest_reply;
      return;
    }
    const users = [...new Set(replies.map((r) => r.user).filter((u): u is string => u !== undefined))];
    parent.thread_ts = parent.ts;
    parent.reply_count = replies.length;
    parent.reply_users = users;
    parent.reply_users_count = users.length;
    parent.latest_reply = replies.reduce(
      (a, r) => (compareTs(r.ts, a) > 0 ? r.ts : a),
      replies[0]?.ts ?? parent.ts,
    );
  }

  // --- ephemeral messages --------------------------------------------------------------------------

  addEphemeral(message: Omit<EphemeralMessage, "ts">): EphemeralMessage {
    const stored: EphemeralMessage = { ...message, ts: this.nextTs(message.channel) };
    this.ephemerals.push(stored);
    this.changed({ kind: "ephemeral", channel: stored.channel, user: stored.user });
    return stored;
  }

  findEphemeral(channel: string, ts: string): EphemeralMessage | undefined {
    return this.ephemerals.find((e) => e.channel === channel && e.ts === ts);
  }

  replaceEphemeral(
    channel: string,
    ts: string,
    content: Pick<EphemeralMessage, "text" | "blocks" | "attachments">,
  ) {
    const existing = this.findEphemeral(channel, ts);
    if (!existing) return undefined;
    existing.text = content.text;
    existing.blocks = content.blocks;
    existing.attachments = content.attachments;
    this.changed({ kind: "ephemeral", channel, user: existing.user });
    return existing;
  }

  deleteEphemeral(channel: string, ts: string): boolean {
    const index = this.ephemerals.findIndex((e) => e.channel === channel && e.ts === ts);
    if (index < 0) return false;
    const [removed] = this.ephemerals.splice(index, 1);
    if (removed) this.changed({ kind: "ephemeral", channel, user: removed.user });
    return true;
  }

  /** Ephemeral messages one user sees, optionally in one channel. */
  ephemeralFor(user: string, channel?: string): EphemeralMessage[] {
    return this.ephemerals.filter((e) => e.user === user && (channel === undefined || e.channel === channel));
  }

  // --- views ---------------------------------------------------------------------------------------

  findView(viewId: string): ViewLocation | undefined {
    for (const [user, stack] of this.modalStacks) {
      const view = stack.find((v) => v.id === viewId);
      if (view) return { view, user, where: "modal" };
    }
    for (const [user, view] of this.homeViews) if (view.id === viewId) return { view, user, where: "home" };
    return undefined;
  }

  findViewByExternalId(externalId: string): ViewLocation | undefined {
    for (const [user, stack] of this.modalStacks) {
      const view = stack.find((v) => v.external_id === externalId);
      if (view) return { view, user, where: "modal" };
    }
    for (const [user, view] of this.homeViews)
      if (view.external_id === externalId) return { view, user, where: "home" };
    return undefined;
  }

  modalStack(user: string): SlackView[] {
    return this.modalStacks.get(user) ?? [];
  }

  /** The modal the user is looking at (top of the stack). */
  topModal(user: string): SlackView | undefined {
    const stack = this.modalStacks.get(user);
    return stack?.[stack.length - 1];
  }

  /** views.open: a new root replaces whatever stack the user had. */
  openModal(user: string, view: SlackView): void {
    this.modalStacks.set(user, [view]);
    this.changed({ kind: "view", user, viewId: view.id });
  }

  pushModal(user: string, view: SlackView): void {
    const stack = this.modalStacks.get(user) ?? [];
    stack.push(view);
    this.modalStacks.set(user, stack);
    this.changed({ kind: "view", user, viewId: view.id });
  }

  /** Replaces a view in place (same id), in a modal stack or on the Home tab. */
  replaceView(location: ViewLocation, view: SlackView): void {
    if (location.where === "home") {
      this.homeViews.set(location.user, view);
      this.changed({ kind: "home", user: location.user, viewId: view.id });
      return;
    }
    const stack = this.modalStacks.get(location.user) ?? [];
    const index = stack.findIndex((v) => v.id === location.view.id);
    if (index >= 0) stack[index] = view;
    this.viewErrors.delete(view.id);
    this.changed({ kind: "view", user: location.user, viewId: view.id });
  }

  /** Closes one modal view and the views pushed after it. */
  closeModal(user: string, viewId: string): void {
    const stack = this.modalStacks.get(user) ?? [];
    const index = stack.findIndex((v) => v.id === viewId);
    if (index < 0) return;
    for (const closed of stack.splice(index)) this.viewErrors.delete(closed.id);
    if (stack.length === 0) this.modalStacks.delete(user);
    this.changed({ kind: "view", user, viewId });
  }

  clearModals(user: string): void {
    const stack = this.modalStacks.get(user) ?? [];
    for (const closed of stack) this.viewErrors.delete(closed.id);
    this.modalStacks.delete(user);
    this.changed({ kind: "view", user, viewId: stack[0]?.id ?? "" });
  }

  setViewErrors(user: string, viewId: string, errors: Record<string, string>): void {
    this.viewErrors.set(viewId, errors);
    this.changed({ kind: "view", user, viewId });
  }

  setViewState(location: ViewLocation, values: SlackView["state"]["values"]): void {
    location.view.state = { values };
  }

  publishHome(user: string, view: SlackView): void {
    this.homeViews.set(user, view);
    this.changed({ kind: "home", user, viewId: view.id });
  }

  // --- files and records ---------------------------------------------------------------------------

  putFile(file: StoredFile): void {
    this.files.set(file.id, file);
    this.changed({ kind: "file", fileId: file.id });
  }

  /**
   * Whether a person can see a file. files.completeUploadExternal: "Channel ID where the file will be
   * shared. If not specified the file will be private."
   * (https://docs.slack.dev/reference/methods/files.completeUploadExternal): a private file is its
   * uploader's (the bot's) alone; a shared one is seen by the members of the conversations it was shared to.
   */
  fileVisibleTo(fileId: string, userId: string): boolean {
    const file = this.files.get(fileId);
    if (!file?.completed) return false;
    if (userId === this.config.botUserId) return true;
    return file.channels.some((id) => this.conversations.get(id)?.members.includes(userId) === true);
  }

  /**
   * The `slack_file` ids of a message's image blocks that a reader cannot see. "The user posting these blocks
   * must have access to this file" (https://docs.slack.dev/reference/block-kit/composition-objects/slack-file-object)
   * holds for the bot, which uploaded it; a reader without access gets no picture, wherever the message is.
   */
  imagesHiddenFrom(message: { blocks?: unknown[] | undefined }, userId: string): string[] {
    return slackFileRefs(message.blocks ?? [])
      .map((ref) => ref.id)
      .filter((id) => !this.fileVisibleTo(id, userId));
  }

  recordCall(record: ApiCallRecord): void {
    this.calls.push(record);
    this.events.emit("call", record);
  }

  recordResponsePost(post: ResponseUrlPost): void {
    this.responseUrlPosts.push(post);
    this.changed({ kind: "response_url", id: post.id });
  }

  /** Calls of one Web API method, in order (a convenience for tests). */
  callsOf(method: string): ApiCallRecord[] {
    return this.calls.filter((c) => c.method === method);
  }

  /** Top-level messages of a channel (and broadcast replies), oldest first, as a person sees the channel. */
  channelMessages(channel: string): StoredMessage[] {
    const conversation = this.conversations.get(channel);
    if (!conversation) return [];
    return conversation.messages.filter(isChannelLevel);
  }

  /** A JSON-friendly copy of everything, for a page or a debug dump. */
  snapshot() {
    return {
      users: [...this.users.values()],
      conversations: [...this.conversations.values()],
      ephemerals: [...this.ephemerals],
      modals: Object.fromEntries(this.modalStacks),
      homes: Object.fromEntries(this.homeViews),
      viewErrors: Object.fromEntries(this.viewErrors),
      files: [...this.files.values()].map(({ content: _content, ...file }) => file),
    };
  }
}

/** Top-level messages and broadcast thread replies: what conversations.history lists. */
export function isChannelLevel(message: SlackMessage): boolean {
  return (
    message.thread_ts === undefined ||
    message.thread_ts === message.ts ||
    message.subtype === "thread_broadcast"
  );
}
