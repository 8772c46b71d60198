import type { DigestCadence } from "../../../domain/digest-cadences";
import type { SubscriptionFilters } from "../../../domain/subscription-filters";
import { optionOf } from "../../../domain/subscription-options";
import type { WorkspaceRef } from "../../../domain/workspace-ref";
import { sleep } from "../../../lib/backoff";
import { type Clock, systemClock } from "../../../lib/clock";
import { type Logger, silentLogger } from "../../../lib/logger";
import {
  type MessageMetadata,
  type PosterFor,
  SlackPermanentError,
  type SlackPoster,
  SlackRateLimitedError,
} from "../../../slack/slack-poster";
import type { AlertMessageStore } from "../../../store/alert-message-store";
import type { DigestPostStore } from "../../../store/digest-post-store";
import type { LinkStore } from "../../../store/link-store";
import type { Subscription } from "../../../store/subscription-store";
import { chartImageBlock } from "../../../ui/charts/chart-image-block";
import type { ChartFor, ChartRenderer } from "../../../ui/charts/chart-renderer";
import {
  AuthenticationError,
  PermissionDeniedError,
  type UptimeApi,
  type UptimeClient,
} from "../../../uptime";
import { type AlertGateDeps, gateAlert } from "../../engine/alert-gate";
import { lookupOldestTs } from "../../engine/alert-metadata";
import { settleWaitMs } from "../../engine/channel-posting";
import { meRefused } from "../../engine/poll/token-rejection";
import type { DeliveryOutcome } from "../../metrics";
import type { DigestReport } from "../../model";
import type { SubscriptionPauses } from "../../subscriptions/subscription-pauses";
import { afterOption } from "../incident/after-option";
import { collectDigest } from "./collect-digest";
import { periodEndingNow } from "./digest-calendar";
import { digestChart } from "./digest-chart";
import type { DigestEvent } from "./digest-event";
import { renderDigest, renderDigestUnavailable } from "./render-digest";

/** Metadata of every digest post: a retry after an unrecorded attempt finds it instead of posting again. */
export const DIGEST_EVENT_TYPE = "uptime_digest";

export interface DigestDeliveryDeps {
  links: Pick<LinkStore, "getToken">;
  posts: DigestPostStore;
  messages: Pick<AlertMessageStore, "lockChannel">;
  posterFor: PosterFor;
  pauses: Pick<SubscriptionPauses, "pause">;
  client: () => UptimeClient;
  /** The bot's chart worker pool (bot.ts): a chart it refuses leaves the digest without one (logged). */
  charts: Pick<ChartRenderer, "render">;
  clock?: Clock;
  logger?: Logger;
  postSettleMs?: number | undefined;
  gate: Omit<AlertGateDeps, "clock">;
}

export interface DigestNowRequest {
  workspace: WorkspaceRef;
  channelId: string;
  requestedBy: string;
  api: UptimeApi;
  apiTeamId: string;
  filters: SubscriptionFilters;
  cadence: DigestCadence;
  timeZone: string;
  /** The channel's subscriptions of the team: one with `--after` has its short outages counted. */
  subscriptions?: readonly Pick<Subscription, "options">[] | undefined;
  /** False when the asker's share of charts is used up (docs/architecture.md section 10): text only. */
  withChart?: boolean;
}

const LOCK_TTL_MS = 60_000;
const SHOW_ATTEMPTS = 4;
const SHOW_WAIT_MS = 500;

type Content = { kind: "report"; report: DigestReport } | { kind: "unavailable"; why: string };

// The chart follows into the thread, shared so every member sees the file; a failed chart costs only itself.
export class DigestDelivery {
  private readonly clock: Clock;
  private readonly logger: Logger;

  constructor(private readonly d: DigestDeliveryDeps) {
    this.clock = d.clock ?? systemClock;
    this.logger = d.logger ?? silentLogger;
  }

  /** One period's digest in the subscription's channel; never throws (like AlertDelivery.deliverTo). */
  async deliverTo(sub: Subscription, eventId: string, event: DigestEvent): Promise<DeliveryOutcome> {
    // Unsubscribed from digests (or paused) after the schedule fired: nothing to say.
    if (sub.paused || !sub.digest) return "skipped";
    const ws = sub.workspace;
    const gate = await gateAlert(
      { ...this.d.gate, clock: this.clock },
      { kind: "digest", sub, ws, channel: sub.channelId },
    );
    if (gate.kind !== "deliver") return "skipped";
    const lock = await this.d.messages.lockChannel(ws, sub.channelId, LOCK_TTL_MS).catch(() => null);
    if (!lock) return "retry";
    try {
      const poster = await this.d.posterFor(ws);
      const key = event.period.key;
      const record = await this.d.posts.get(sub.id, key);
      if (record?.ts) return "skipped";
      if (record) {
        const found = await poster.findMessageByMetadata(
          sub.channelId,
          DIGEST_EVENT_TYPE,
          (p) => p.subscription_id === sub.id && p.period === key,
          lookupOldestTs(record.attemptAt),
        );
        if (found) {
          await this.d.posts.put(sub.id, key, { ...record, ts: found.ts });
          return "skipped";
        }
        // An earlier attempt may still land: the worker's backoff brings the entry back (no lock is held).
        const attempt = { at: record.attemptAt, answered: record.answered };
        if (settleWaitMs(attempt, this.clock.now(), this.d.postSettleMs) > 0) return "retry";
      }
      const content = await this.scheduledContent(sub, event);
      const attemptAt = this.clock.now();
      await this.d.posts.put(sub.id, key, { attemptAt });
      let ts: string;
      try {
        ts = await this.post(poster, sub.channelId, content, {
          requestedBy: sub.subscriber.userId,
          scheduled: true,
          metadata: { subscription_id: sub.id, period: key, event_id: eventId },
          cadence: event.cadence,
        });
      } catch (error) {
        // A 429 posted nothing: the retry may post at once.
        if (error instanceof SlackRateLimitedError)
          await this.d.posts.put(sub.id, key, { attemptAt, answered: true });
        throw error;
      }
      await this.d.posts.put(sub.id, key, { attemptAt, ts });
      this.logger.info({ subscription: sub.id, channel: sub.channelId, period: key }, "digest posted");
      return "posted";
    } catch (error) {
      if (error instanceof SlackPermanentError) {
        await this.d.pauses.pause(sub, error.code);
        return "paused";
      }
      this.logger.warn(
        { err: error, subscription: sub.id, channel: sub.channelId, eventId },
        "digest delivery failed; it is retried",
      );
      return "retry";
    } finally {
      await lock.release().catch(() => {});
    }
  }

  async postNow(request: DigestNowRequest): Promise<void> {
    const period = periodEndingNow(request.cadence, this.clock.now());
    const afterSeconds = request.subscriptions
      ?.map((s) => optionOf(s, afterOption))
      .find((s) => s !== undefined);
    const report = await collectDigest(request.api, { ...request, period, afterSeconds });
    const poster = await this.d.posterFor(request.workspace);
    await this.post(
      poster,
      request.channelId,
      { kind: "report", report },
      {
        requestedBy: request.requestedBy,
        scheduled: false,
        cadence: request.cadence,
        withChart: request.withChart ?? true,
        // Asked for by a person: it counts among their charts in flight (chart-renderer.ts).
        chartFor: { person: personKey(request.workspace, request.requestedBy) },
      },
    );
  }

  // A link gone or refused is said in the channel (it must not wait for a digest that never comes); a 401
  // is refused only when `GET /users/me` agrees (docs/architecture.md section 7); anything else retries.
  private async scheduledContent(sub: Subscription, event: DigestEvent): Promise<Content> {
    const ref = { ...sub.workspace, userId: sub.subscriber.userId };
    let token: string | null;
    try {
      token = await this.d.links.getToken(ref);
    } catch {
      token = null;
    }
    if (!token) return { kind: "unavailable", why: "the person who subscribed is no longer logged in." };
    const api = this.d.client().as(token);
    try {
      const report = await collectDigest(api, {
        apiTeamId: sub.apiTeamId,
        filters: sub.filters,
        cadence: event.cadence,
        timeZone: event.timeZone,
        period: event.period,
        afterSeconds: optionOf(sub, afterOption),
      });
      return { kind: "report", report };
    } catch (error) {
      const refused =
        error instanceof PermissionDeniedError ||
        (error instanceof AuthenticationError && (await meRefused(api)));
      if (refused) {
        return { kind: "unavailable", why: "the Uptime API refused the subscriber's token for this team." };
      }
      throw error;
    }
  }

  private async post(
    poster: SlackPoster,
    channel: string,
    content: Content,
    options: {
      requestedBy: string;
      scheduled: boolean;
      cadence: DigestCadence;
      metadata?: Record<string, string>;
      withChart?: boolean;
      chartFor?: ChartFor;
    },
  ): Promise<string> {
    const rendered =
      content.kind === "report"
        ? renderDigest(content.report, options)
        : renderDigestUnavailable({ cadence: options.cadence }, content.why, options.requestedBy);
    const metadata: MessageMetadata | undefined = options.metadata
      ? { event_type: DIGEST_EVENT_TYPE, event_payload: options.metadata }
      : undefined;
    const { ts } = await poster.postMessage({
      channel,
      text: rendered.text,
      ...(rendered.blocks ? { blocks: rendered.blocks } : {}),
      ...(metadata ? { metadata } : {}),
    });
    if (content.kind === "report" && options.withChart !== false)
      await this.attachChart(poster, channel, ts, content.report, rendered, metadata, options.chartFor);
    return ts;
  }

  private async attachChart(
    poster: SlackPoster,
    channel: string,
    ts: string,
    report: DigestReport,
    rendered: { text: string; blocks?: unknown[] },
    metadata: MessageMetadata | undefined,
    chartFor: ChartFor | undefined,
  ): Promise<void> {
    const chart = digestChart(report);
    if (!chart) return;
    try {
      const png = await this.d.charts.render(chart.option, undefined, undefined, chartFor);
      const { fileId } = await poster.uploadFile({
        channel,
        threadTs: ts,
        filename: chart.filename,
        title: chart.title,
        altText: chart.altText,
        bytes: png.png,
      });
      const blocks = [...(rendered.blocks ?? []), chartImageBlock(fileId, chart.altText, chart.title)];
      // Slack processes an upload before blocks may name it: a few short waits cover it.
      for (let attempt = 1; ; attempt++) {
        try {
          await poster.updateMessage({
            channel,
            ts,
            text: rendered.text,
            blocks,
            ...(metadata ? { metadata } : {}),
          });
          break;
        } catch (err) {
          if (attempt >= SHOW_ATTEMPTS) throw err;
          await sleep(SHOW_WAIT_MS);
        }
      }
    } catch (err) {
      this.logger.warn(
        { err, channel, chart: chart.filename },
        "digest chart not shown; the digest stands without it",
      );
    }
  }
}

/** A person's key among the chart renderer's owners: unique within the process, not a Redis key. */
function personKey(workspace: WorkspaceRef, userId: string): string {
  return [workspace.enterpriseId ?? "", workspace.teamId ?? "", userId].join(":");
}
