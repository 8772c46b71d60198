import { type Dispatcher, request } from "undici";
import { viewProblems } from "./block-validation";
import { recordBodyContract } from "./contracts";
import { AckTimeoutError, FakeSlackUsageError, SlackApiError } from "./errors";
import { randomHex } from "./ids";
import type { ManifestRules } from "./manifest-rules";
import { botAuthor, toApiMessage } from "./messages";
import {
  type ActionContainer,
  type ActionInput,
  actionObject,
  blockActionsPayload,
  blockSuggestionPayload,
  eventCallback,
  shortcutPayload,
  slashCommandForm,
  urlVerification,
  viewClosedPayload,
  viewSubmissionPayload,
} from "./payloads";
import type { ResponseUrlRegistry } from "./response-urls";
import { signedHeaders } from "./signature";
import type { EnvelopeType, FakeSocketMode } from "./socket-mode";
import type { FakeSlackState, ViewLocation } from "./state";
import type { TriggerRegistry } from "./triggers";
import type { Conversation, FakeSlackConfig, FakeUserSeed, Via, ViewStateValues } from "./types";
import type { MethodContext } from "./web-api";
import { pushedView, replacedView } from "./web-api/views";

export interface DeliveryResult {
  via: Via;
  /** HTTP status of the app's answer (200 for a Socket Mode ack). */
  status: number;
  /** The app's answer: parsed JSON, text, or undefined when empty (a bare ack). */
  body: unknown;
}

export interface SlashCommandInput {
  userId: string;
  channelId: string;
  text: string;
  command?: string;
  via?: Via;
}

/** A signed request to the app, ready to be sent by any HTTP client. */
export interface PreparedRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SlashCommandResult extends DeliveryResult {
  responseUrl: string;
  triggerId: string;
}

export interface BlockActionResult extends DeliveryResult {
  triggerId: string;
  responseUrl?: string;
}

export type ViewSubmissionOutcome =
  | "closed"
  | "errors"
  | "updated"
  | "pushed"
  | "cleared"
  | "kept"
  | "invalid_view"
  | "push_limit_reached";

export interface ViewSubmissionResult extends DeliveryResult {
  triggerId: string;
  responseAction?: string;
  errors?: Record<string, string>;
  /** What the fake did to the modal stack with the answer, as Slack would. */
  outcome: ViewSubmissionOutcome;
}

export interface BlockSuggestionResult extends DeliveryResult {
  options?: unknown[];
  optionGroups?: unknown[];
}

export interface EventResult extends DeliveryResult {
  eventId: string;
  event: Record<string, unknown>;
}

export interface SenderDeps {
  config: FakeSlackConfig;
  state: FakeSlackState;
  triggers: TriggerRegistry;
  responseUrls: ResponseUrlRegistry;
  socket: FakeSocketMode;
  methodContext: MethodContext;
  appUrl(): string | undefined;
  /** Keep-alive connections to the app, as Slack keeps them; closed with the fake. */
  dispatcher: Dispatcher;
}

type DeliveryKind = "command" | "interactive" | "event";

const ENVELOPE: Record<DeliveryKind, EnvelopeType> = {
  command: "slash_commands",
  interactive: "interactive",
  event: "events_api",
};

function asObject(body: unknown): Record<string, unknown> | undefined {
  if (typeof body === "string") return body === "" ? undefined : { text: body };
  if (typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length > 0) {
    return body as Record<string, unknown>;
  }
  return undefined;
}

/**
 * The app's DM is the Messages tab of App Home (https://docs.slack.dev/surfaces/app-home). Slack's manifest
 * schema (https://raw.githubusercontent.com/slackapi/manifest-schema/v0.5.0/schemas/manifest.schema.2.0.0.json)
 * says `messages_tab_read_only_enabled` "specifies whether or not the users can send messages to your app in
 * the Messages tab", and `messages_tab_enabled` whether the tab is there at all. Read-only or off, a person
 * cannot type in the DM, slash commands included: no request ever reaches the app.
 */
function refuseTypingInAppDm(conversation: Conversation, manifest: ManifestRules): void {
  // Only the app's own DM (opened with the app: it has an `imUser`); a DM between two people has a composer.
  if (!conversation.isIm || conversation.imUser === undefined || manifest.messagesTab === "writable") return;
  throw new FakeSlackUsageError(
    `nobody can type in the app's DM ${conversation.id}: the manifest (${manifest.source}) has its Messages tab ${
      manifest.messagesTab === "off" ? "off" : "read-only"
    }, so Slack shows no composer there`,
  );
}

/**
 * Sends what Slack sends to an app: signed HTTP requests to the app's URL, or envelopes over the fake Socket
 * Mode connection, and applies the app's answers as Slack does (command replies, view response_actions).
 */
export class SlackSender {
  constructor(private readonly deps: SenderDeps) {}

  private user(userId: string): FakeUserSeed {
    const user = this.deps.state.users.get(userId);
    if (!user) throw new FakeSlackUsageError(`unknown user ${userId}`);
    return user;
  }

  private conversation(channelId: string): Conversation {
    const conversation = this.deps.state.conversation(channelId);
    if (!conversation) throw new FakeSlackUsageError(`unknown channel ${channelId}`);
    return conversation;
  }

  private route(via: Via | undefined): Via {
    const appUrl = this.deps.appUrl();
    if (via === "http" || (via === undefined && appUrl !== undefined)) {
      if (appUrl === undefined)
        throw new FakeSlackUsageError("no appUrl: pass it to startFakeSlack or setAppUrl");
      return "http";
    }
    if (!this.deps.socket.connected()) {
      throw new FakeSlackUsageError("no appUrl and no Socket Mode client connected: nowhere to deliver");
    }
    return "socket";
  }

  private async deliver(kind: DeliveryKind, payload: object, via?: Via): Promise<DeliveryResult> {
    const route = this.route(via);
    if (route === "socket") {
      const ack = await this.deps.socket.deliver(ENVELOPE[kind], payload, this.deps.config.ackTimeoutMs);
      return { via: "socket", status: 200, body: Object.keys(ack).length === 0 ? undefined : ack };
    }
    if (kind === "command") {
      const form = new URLSearchParams(payload as Record<string, string>).toString();
      return this.post(form, "application/x-www-form-urlencoded");
    }
    if (kind === "interactive") {
      return this.post(
        `payload=${encodeURIComponent(JSON.stringify(payload))}`,
        "application/x-www-form-urlencoded",
      );
    }
    return this.post(JSON.stringify(payload), "application/json");
  }

  private async post(
    rawBody: string,
    contentType: string,
    options: { timestamp?: number; secret?: string } = {},
  ): Promise<DeliveryResult> {
    const appUrl = this.deps.appUrl();
    if (appUrl === undefined)
      throw new FakeSlackUsageError("no appUrl: pass it to startFakeSlack or setAppUrl");
    // Signatures carry wall-clock time: the receiver (Bolt) checks them against its own Date.now().
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    const headers = signedHeaders(
      options.secret ?? this.deps.config.signingSecret,
      timestamp,
      rawBody,
      contentType,
    );
    const timeoutMs = this.deps.config.ackTimeoutMs;
    // undici's request() rather than fetch: the load generator of `npm run bench -- commands` sends
    // through here, and fetch's streams cost about a millisecond per request, on the cores the app shares.
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let text: string;
    let contentTypeHeader: string | string[] | undefined;
    try {
      const response = await request(appUrl, {
        method: "POST",
        headers,
        body: rawBody,
        signal,
        dispatcher: this.deps.dispatcher,
      });
      status = response.statusCode;
      contentTypeHeader = response.headers["content-type"];
      text = await response.body.text();
    } catch (error) {
      if (signal.aborted) throw new AckTimeoutError("http", timeoutMs);
      throw error;
    }
    const answerType = Array.isArray(contentTypeHeader) ? contentTypeHeader.join(",") : contentTypeHeader;
    let body: unknown = text === "" ? undefined : text;
    if ((answerType ?? "").includes("application/json") && text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { via: "http", status, body };
  }

  /** A raw signed POST to the app, for forged or stale signature tests. */
  signedRequest(
    body: string | object,
    options: { timestamp?: number; secret?: string; contentType?: string } = {},
  ): Promise<DeliveryResult> {
    const raw = typeof body === "string" ? body : JSON.stringify(body);
    const contentType =
      options.contentType ??
      (typeof body === "string" ? "application/x-www-form-urlencoded" : "application/json");
    return this.post(raw, contentType, options);
  }

  async slashCommand(input: SlashCommandInput): Promise<SlashCommandResult> {
    const { user, conversation, form, responseUrl, triggerId } = this.commandForm(input);
    const result = await this.deliver("command", form, input.via);
    if (result.status === 200) this.applyCommandReply(conversation.id, user.id, result.body);
    return { ...result, responseUrl, triggerId };
  }

  /**
   * A slash command as Slack would send it over HTTP, signed now, for another thread to send (a bench that
   * times acknowledgements away from this process's event loop). Its answer in the acknowledgement is not
   * applied to the fake's state: only answers through its response_url are.
   */
  preparedSlashCommand(input: Omit<SlashCommandInput, "via">): PreparedRequest & { responseUrl: string } {
    const appUrl = this.deps.appUrl();
    if (appUrl === undefined)
      throw new FakeSlackUsageError("no appUrl: pass it to startFakeSlack or setAppUrl");
    const { form, responseUrl } = this.commandForm(input);
    const body = new URLSearchParams(form as unknown as Record<string, string>).toString();
    const contentType = "application/x-www-form-urlencoded";
    const headers = signedHeaders(
      this.deps.config.signingSecret,
      Math.floor(Date.now() / 1000),
      body,
      contentType,
    );
    return { url: appUrl, headers, body, responseUrl };
  }

  private commandForm(input: Omit<SlashCommandInput, "via">) {
    const user = this.user(input.userId);
    const conversation = this.conversation(input.channelId);
    refuseTypingInAppDm(conversation, this.deps.methodContext.manifest);
    const triggerId = this.deps.triggers.issue(user.id);
    const responseUrl = this.deps.responseUrls.issue({
      kind: "command",
      channel: conversation.id,
      user: user.id,
    });
    const form = slashCommandForm({
      config: this.deps.config,
      user,
      conversation,
      command: input.command ?? "/uptime",
      text: input.text,
      responseUrl,
      triggerId,
    });
    return { user, conversation, form, responseUrl, triggerId };
  }

  /**
   * A body in the answer to a slash command is a message: ephemeral unless response_type is in_channel
   * (https://docs.slack.dev/interactivity/implementing-slash-commands, "Sending an immediate response").
   */
  private applyCommandReply(channel: string, user: string, body: unknown): void {
    const reply = asObject(body);
    if (!reply) return;
    const text = typeof reply.text === "string" ? reply.text : "";
    const blocks = Array.isArray(reply.blocks) ? reply.blocks : undefined;
    const attachments = Array.isArray(reply.attachments) ? reply.attachments : undefined;
    if (text === "" && !blocks && !attachments) return;
    if (reply.response_type === "in_channel") {
      this.deps.state.addMessage(channel, { ...botAuthor(this.deps.config), text, blocks, attachments });
    } else {
      this.deps.state.addEphemeral({ channel, user, text, blocks, attachments, source: "command_response" });
    }
  }

  async blockAction(input: {
    userId: string;
    channelId?: string;
    container: ActionContainer | { type: "message" | "ephemeral"; ts: string; channel?: string };
    actions: ActionInput[];
    /** Values of input blocks in a message (state.values); views carry their own state. */
    stateValues?: ViewStateValues;
    via?: Via;
  }): Promise<BlockActionResult> {
    const { state, config, responseUrls, triggers } = this.deps;
    const user = this.user(input.userId);
    const nowMs = config.clock.now();
    const triggerId = triggers.issue(user.id);
    const c = input.container;

    if (c.type === "view") {
      const location = this.view(c.viewId, user.id);
      const payload = blockActionsPayload({
        config,
        user,
        triggerId,
        container: c,
        view: structuredClone(location.view),
        actions: input.actions.map((a) => actionObject(a, location.view.blocks, nowMs)),
      });
      return { ...(await this.deliver("interactive", payload, input.via)), triggerId };
    }

    const channel = c.channel ?? input.channelId;
    if (channel === undefined) throw new FakeSlackUsageError("a message container needs a channel");
    const conversation = this.conversation(channel);
    if (c.type === "ephemeral") {
      const ephemeral = state.findEphemeral(conversation.id, c.ts);
      if (!ephemeral || ephemeral.user !== user.id) {
        throw new FakeSlackUsageError(`no ephemeral message ${c.ts} for ${user.id} in ${conversation.id}`);
      }
      const responseUrl = responseUrls.issue({
        kind: "ephemeral",
        channel: conversation.id,
        user: user.id,
        ts: c.ts,
      });
      const payload = blockActionsPayload({
        config,
        user,
        triggerId,
        container: { type: "ephemeral", channel: conversation.id, ts: c.ts },
        conversation,
        responseUrl,
        stateValues: input.stateValues,
        actions: input.actions.map((a) => actionObject(a, ephemeral.blocks, nowMs)),
      });
      return { ...(await this.deliver("interactive", payload, input.via)), triggerId, responseUrl };
    }

    const message = state.findMessage(conversation.id, c.ts);
    if (!message) throw new FakeSlackUsageError(`no message ${c.ts} in ${conversation.id}`);
    const responseUrl = responseUrls.issue({
      kind: "message",
      channel: conversation.id,
      user: user.id,
      ts: c.ts,
    });
    const inThread = message.thread_ts !== undefined && message.thread_ts !== message.ts;
    const functionRun = this.runOfMessage(conversation.id, c.ts, user.id);
    const payload = blockActionsPayload({
      ...(functionRun ? { functionRun } : {}),
      config,
      user,
      triggerId,
      container: { type: "message", channel: conversation.id, ts: c.ts },
      conversation,
      message: toApiMessage(message, { includeMetadata: false }),
      ...(inThread ? { threadTs: message.thread_ts } : {}),
      responseUrl,
      stateValues: input.stateValues,
      actions: input.actions.map((a) => actionObject(a, message.blocks, nowMs)),
    });
    return { ...(await this.deliver("interactive", payload, input.via)), triggerId, responseUrl };
  }

  /**
   * A click on a message posted with a running step's workflow token is that run's interactivity: the
   * payload carries `function_data` (the run), `interactivity` (who clicked) and a fresh workflow token,
   * `bot_access_token`, for the app to answer with (https://docs.slack.dev/reference/interaction-payloads/
   * block_actions-payload; Bolt reads them into `complete`/`fail` and its client,
   * https://docs.slack.dev/tools/bolt-js/concepts/custom-steps).
   */
  private runOfMessage(channel: string, ts: string, userId: string) {
    const runId = this.deps.state.messageRuns.get(`${channel}:${ts}`);
    const run = runId ? this.deps.state.functionExecutions.get(runId) : undefined;
    if (run?.state !== "running") return undefined;
    const token = `xwfp-${randomHex(20)}`;
    run.tokens.set(token, this.deps.config.clock.now());
    return {
      function_data: {
        execution_id: run.id,
        inputs: run.inputs,
        function: { callback_id: run.callbackId, type: "app", app_id: this.deps.config.appId },
      },
      interactivity: {
        interactor: { id: userId, secret: randomHex(16) },
        interactivity_pointer: `${Date.now()}.${randomHex(8)}`,
      },
      bot_access_token: token,
    };
  }

  private view(viewId: string, userId: string): ViewLocation {
    const location = this.deps.state.findView(viewId);
    if (!location || location.user !== userId)
      throw new FakeSlackUsageError(`no view ${viewId} open for ${userId}`);
    return location;
  }

  async viewSubmission(input: {
    userId: string;
    viewId: string;
    values: ViewStateValues;
    via?: Via;
  }): Promise<ViewSubmissionResult> {
    const { state, config, triggers } = this.deps;
    const user = this.user(input.userId);
    const location = this.view(input.viewId, user.id);
    if (location.where !== "modal") throw new FakeSlackUsageError("only modals can be submitted");
    state.setViewState(location, structuredClone(input.values));
    const triggerId = triggers.issue(user.id);
    const payload = viewSubmissionPayload({ config, user, triggerId, view: structuredClone(location.view) });
    const result = await this.deliver("interactive", payload, input.via);
    const answer = asObject(result.body);
    if (answer) recordBodyContract("view_submission_ack", answer, state, config.clock.now());
    const responseAction = typeof answer?.response_action === "string" ? answer.response_action : undefined;
    const errors =
      responseAction === "errors" && typeof answer?.errors === "object" && answer.errors !== null
        ? (answer.errors as Record<string, string>)
        : undefined;
    const outcome = result.status === 200 ? this.applyViewAnswer(user.id, location, answer) : "kept";
    return {
      ...result,
      triggerId,
      ...(responseAction ? { responseAction } : {}),
      ...(errors ? { errors } : {}),
      outcome,
    };
  }

  /** What Slack does with a view_submission answer (Slack's modal reference, "response_action"). */
  private applyViewAnswer(
    user: string,
    location: ViewLocation,
    answer: Record<string, unknown> | undefined,
  ): ViewSubmissionOutcome {
    const { state, methodContext } = this.deps;
    const action = answer?.response_action;
    if (action === undefined) {
      state.closeModal(user, location.view.id);
      return "closed";
    }
    if (action === "clear") {
      state.clearModals(user);
      return "cleared";
    }
    if (action === "errors") {
      const errors = typeof answer?.errors === "object" && answer.errors !== null ? answer.errors : {};
      state.setViewErrors(user, location.view.id, errors as Record<string, string>);
      return "errors";
    }
    if (action === "update" || action === "push") {
      const view = answer?.view;
      if (viewProblems(view, ["modal"]).length > 0) return "invalid_view";
      const raw = view as Record<string, unknown>;
      if (action === "update") {
        state.replaceView(location, replacedView(methodContext, location, raw));
        return "updated";
      }
      try {
        state.pushModal(user, pushedView(methodContext, user, raw));
        return "pushed";
      } catch (error) {
        if (error instanceof SlackApiError) return "push_limit_reached";
        throw error;
      }
    }
    return "kept";
  }

  /** The user closes a modal: the whole stack (X) or only the top view (Cancel on a pushed view). */
  async viewClosed(input: {
    userId: string;
    viewId: string;
    isCleared?: boolean;
    via?: Via;
  }): Promise<DeliveryResult & { delivered: boolean }> {
    const { state, config } = this.deps;
    const user = this.user(input.userId);
    const location = this.view(input.viewId, user.id);
    const isCleared = input.isCleared ?? true;
    const view = structuredClone(location.view);
    if (isCleared) state.clearModals(user.id);
    else state.closeModal(user.id, view.id);
    // Slack sends view_closed only for views opened with notify_on_close: true.
    if (!view.notify_on_close)
      return { via: input.via ?? "http", status: 0, body: undefined, delivered: false };
    const result = await this.deliver(
      "interactive",
      viewClosedPayload({ config, user, view, isCleared }),
      input.via,
    );
    return { ...result, delivered: true };
  }

  async blockSuggestion(input: {
    userId: string;
    viewId?: string;
    channelId?: string;
    messageTs?: string;
    actionId: string;
    blockId: string;
    value: string;
    via?: Via;
  }): Promise<BlockSuggestionResult> {
    const { config } = this.deps;
    const user = this.user(input.userId);
    const view = input.viewId !== undefined ? this.view(input.viewId, user.id).view : undefined;
    const conversation = input.channelId !== undefined ? this.conversation(input.channelId) : undefined;
    const payload = blockSuggestionPayload({
      config,
      user,
      actionId: input.actionId,
      blockId: input.blockId,
      value: input.value,
      ...(view ? { view: structuredClone(view) } : {}),
      ...(conversation ? { conversation } : {}),
      ...(input.messageTs ? { messageTs: input.messageTs } : {}),
    });
    const result = await this.deliver("interactive", payload, input.via);
    const answer = asObject(result.body);
    if (answer) recordBodyContract("block_suggestion_ack", answer, this.deps.state, config.clock.now());
    return {
      ...result,
      ...(Array.isArray(answer?.options) ? { options: answer.options } : {}),
      ...(Array.isArray(answer?.option_groups) ? { optionGroups: answer.option_groups } : {}),
    };
  }

  /** An interaction payload built elsewhere (message-shortcuts.ts), delivered as any other. */
  interactive(payload: object, via?: Via): Promise<DeliveryResult> {
    return this.deliver("interactive", payload, via);
  }

  async shortcut(input: { userId: string; callbackId: string; via?: Via }): Promise<BlockActionResult> {
    const user = this.user(input.userId);
    const triggerId = this.deps.triggers.issue(user.id);
    const payload = shortcutPayload({
      config: this.deps.config,
      user,
      callbackId: input.callbackId,
      triggerId,
      nowMs: this.deps.config.clock.now(),
    });
    return { ...(await this.deliver("interactive", payload, input.via)), triggerId };
  }

  /**
   * An Events API event_callback. A plain `message` event from a user is also stored in its channel
   * (with its ts), so that the conversation shows what the event says happened.
   */
  async event(
    event: { type: string; [field: string]: unknown },
    options: { via?: Via } = {},
  ): Promise<EventResult> {
    const { state, config } = this.deps;
    let fields: Record<string, unknown> = { ...event };
    if (
      event.type === "message" &&
      event.subtype === undefined &&
      event.ts === undefined &&
      typeof event.channel === "string" &&
      typeof event.user === "string" &&
      state.conversation(event.channel)
    ) {
      const stored = state.addMessage(event.channel, {
        user: event.user,
        team: config.teamId,
        text: typeof event.text === "string" ? event.text : "",
        ...(typeof event.thread_ts === "string" ? { thread_ts: event.thread_ts } : {}),
      });
      const conversation = this.conversation(event.channel);
      const channelType = conversation.isIm
        ? "im"
        : conversation.isMpim
          ? "mpim"
          : conversation.isPrivate
            ? "group"
            : "channel";
      fields = { ...fields, ts: stored.ts, event_ts: stored.ts, channel_type: channelType };
    }
    const where = typeof fields.channel === "string" ? state.conversation(fields.channel) : undefined;
    const payload = eventCallback(config, fields, config.clock.now(), {
      extShared: where?.isExtShared === true,
    });
    const result = await this.deliver("event", payload, options.via);
    return { ...result, eventId: payload.event_id, event: payload.event };
  }

  /** Slack's URL verification handshake (HTTP only): the app must echo the challenge. */
  urlVerification(
    challenge = "fake-challenge-3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
  ): Promise<DeliveryResult> {
    return this.post(JSON.stringify(urlVerification(challenge)), "application/json");
  }
}
