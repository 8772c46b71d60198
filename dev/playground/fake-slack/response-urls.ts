import type { Clock } from "../../../src/lib/clock";
import { blockProblems, LIMITS, slackFileProblems } from "./block-validation";
import { recordBodyContract } from "./contracts";
import { randomHex } from "./ids";
import { botAuthor } from "./messages";
import type { FakeSlackState } from "./state";

/**
 * A response_url may be used up to 5 times within 30 minutes of the interaction (message responses,
 * https://docs.slack.dev/interactivity/handling-user-interaction); afterwards Slack answers 404.
 */
export const RESPONSE_URL_MAX_USES = 5;
export const RESPONSE_URL_LIFETIME_MS = 30 * 60 * 1000;

export type ResponseUrlSource =
  | { kind: "command"; channel: string; user: string }
  | { kind: "message"; channel: string; user: string; ts: string }
  | { kind: "ephemeral"; channel: string; user: string; ts: string };

interface ResponseUrl {
  id: string;
  source: ResponseUrlSource;
  createdAt: number;
  uses: number;
  /** The last ephemeral message posted through this URL, which replace_original replaces. */
  lastEphemeralTs?: string;
}

export interface ResponseUrlAnswer {
  status: number;
  body: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The response_urls handed out with slash commands and interactions, and what a POST to one does. */
export class ResponseUrlRegistry {
  private readonly urls = new Map<string, ResponseUrl>();

  constructor(
    private readonly state: FakeSlackState,
    private readonly clock: Clock,
    private readonly baseUrl: () => string,
  ) {}

  issue(source: ResponseUrlSource): string {
    const id = randomHex(12);
    this.urls.set(id, { id, source, createdAt: this.clock.now(), uses: 0 });
    return `${this.baseUrl()}/response/${id}`;
  }

  /** Applies a POST to /response/<id> and records it. */
  post(id: string, body: unknown): ResponseUrlAnswer {
    recordBodyContract("response_url", body, this.state, this.clock.now());
    const answer = this.apply(id, body);
    this.state.recordResponsePost({
      id,
      at: this.clock.now(),
      body: isRecord(body) ? body : { raw: body },
      status: answer.status,
      ...(answer.body.ok === false ? { error: String(answer.body.error) } : {}),
    });
    return answer;
  }

  private apply(id: string, body: unknown): ResponseUrlAnswer {
    const url = this.urls.get(id);
    // Slack answers dead response_urls with 404 and a short reason; Bolt's respond() throws on non-2xx.
    if (!url) return { status: 404, body: { ok: false, error: "invalid_url" } };
    if (this.clock.now() - url.createdAt > RESPONSE_URL_LIFETIME_MS) {
      return { status: 404, body: { ok: false, error: "expired_url" } };
    }
    if (url.uses >= RESPONSE_URL_MAX_USES) return { status: 404, body: { ok: false, error: "used_url" } };
    if (!isRecord(body)) return { status: 400, body: { ok: false, error: "invalid_payload" } };
    url.uses += 1;

    const { source } = url;
    if (body.delete_original === true) {
      this.deleteOriginal(url);
      return { status: 200, body: { ok: true } };
    }
    const text = typeof body.text === "string" ? body.text : "";
    const blocks = Array.isArray(body.blocks) ? body.blocks : undefined;
    const attachments = Array.isArray(body.attachments) ? body.attachments : undefined;
    if (text === "" && !blocks && !attachments) return { status: 400, body: { ok: false, error: "no_text" } };
    if (
      body.blocks !== undefined &&
      (blockProblems(body.blocks, LIMITS.messageBlocks, "/blocks").length > 0 ||
        slackFileProblems(this.state.files, body.blocks, this.clock.now()).length > 0)
    ) {
      return { status: 400, body: { ok: false, error: "invalid_blocks" } };
    }
    const content = { text, blocks, attachments };
    const threadTs = typeof body.thread_ts === "string" ? body.thread_ts : undefined;

    if (body.replace_original === true) {
      if (source.kind === "message") {
        this.state.updateMessage(source.channel, source.ts, {
          text,
          blocks: blocks ?? [],
          attachments: attachments ?? [],
        });
        return { status: 200, body: { ok: true } };
      }
      const ephemeralTs = source.kind === "ephemeral" ? source.ts : url.lastEphemeralTs;
      if (ephemeralTs !== undefined && this.state.replaceEphemeral(source.channel, ephemeralTs, content)) {
        return { status: 200, body: { ok: true } };
      }
    }
    if (body.response_type === "in_channel") {
      this.state.addMessage(source.channel, {
        ...botAuthor(this.state.config),
        ...content,
        ...(threadTs ? { thread_ts: threadTs } : {}),
      });
      return { status: 200, body: { ok: true } };
    }
    const ephemeral = this.state.addEphemeral({
      channel: source.channel,
      user: source.user,
      ...content,
      ...(threadTs ? { thread_ts: threadTs } : {}),
      source: "response_url",
    });
    url.lastEphemeralTs = ephemeral.ts;
    return { status: 200, body: { ok: true } };
  }

  private deleteOriginal(url: ResponseUrl): void {
    const { source } = url;
    if (source.kind === "message") this.state.deleteMessage(source.channel, source.ts);
    else if (source.kind === "ephemeral") this.state.deleteEphemeral(source.channel, source.ts);
    else if (url.lastEphemeralTs !== undefined)
      this.state.deleteEphemeral(source.channel, url.lastEphemeralTs);
  }
}
