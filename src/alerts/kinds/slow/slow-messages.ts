import type { SlowMessageRecord } from "../../../store/alert-message-store";
import type { EngineServices } from "../../engine/alert-kind";
import { SLOW_EVENT_TYPE, slowMatcher, slowMetadata } from "../../engine/alert-metadata";
import type { DeliveryCtx } from "../../engine/channel-posting";
import type { DeliveryOutcome } from "../../metrics";
import { renderSlowAlert } from "./render-slow-alert";
import { SLOW_CHART_HEIGHT, SLOW_CHART_WIDTH, slowChart } from "./slow-chart";
import type { SlowEvent } from "./slow-event";

/** `charts` draws off the event loop (a refusal leaves the chart out); `sleep` waits for Slack's upload. */
export type SlowMessagesDeps = Pick<
  EngineServices,
  "messages" | "posting" | "clock" | "logger" | "webLinks" | "charts" | "sleep"
>;

const SHOW_ATTEMPTS = 3;
const SHOW_WAIT_MS = 500;

// The chart's upload is recorded first and never retried: a crash costs the picture, never a second one.
export class SlowMessages {
  constructor(private readonly d: SlowMessagesDeps) {}

  /** `quietThreadTs`: a person's quiet hours put a new message, and its chart, in that thread unbroadcast. */
  async deliver(
    ctx: DeliveryCtx,
    event: SlowEvent,
    quietThreadTs: string | undefined,
  ): Promise<DeliveryOutcome> {
    const { ws, channel } = ctx;
    const { messages } = this.d;
    const stored = await messages.getSlow(ws, channel, event.alertId);
    // Nothing here yet: only the opening event starts a message (a channel subscribed mid-spell waits).
    if (!stored && event.phase !== "slow") return "skipped";
    if (stored?.phase === "fast") return "unchanged";
    const record: SlowMessageRecord = stored ?? {
      phase: "slow",
      apiTeamId: event.apiTeamId,
      monitorId: event.monitorId,
      monitor: event.monitor,
      rule: event.rule,
      since: event.since,
      samples: event.samples,
      ...(quietThreadTs ? { threadTs: quietThreadTs } : {}),
    };
    if (stored?.ts && isStale(event, stored)) return "unchanged";
    const next: SlowMessageRecord = {
      ...record,
      phase: event.phase === "fast" ? "fast" : "slow",
      samples: event.samples,
    };
    if (!record.ts) return this.post(ctx, event, record, next);
    await this.d.posting.update(ctx, { channel, ts: record.ts, ...this.render(next) });
    await messages.putSlow(ws, channel, event.alertId, next);
    return "updated";
  }

  private async post(
    ctx: DeliveryCtx,
    event: SlowEvent,
    record: SlowMessageRecord,
    next: SlowMessageRecord,
  ): Promise<DeliveryOutcome> {
    const { ws, channel, eventId } = ctx;
    const { messages } = this.d;
    const { ts } = await this.d.posting.postOnce(ctx, {
      attempt: record.attempt,
      eventType: SLOW_EVENT_TYPE,
      matcher: slowMatcher(event.alertId, channel),
      saveAttempt: (attempt) => messages.putSlow(ws, channel, event.alertId, { ...record, attempt }),
      ...(record.threadTs ? { threadTs: record.threadTs } : {}),
      message: {
        channel,
        ...this.render(next),
        ...(record.threadTs ? { thread_ts: record.threadTs } : {}),
        metadata: slowMetadata(event.alertId, eventId, channel),
      },
    });
    const posted: SlowMessageRecord = { ...next, ts };
    await messages.putSlow(ws, channel, event.alertId, posted);
    await this.attachChart(ctx, event.alertId, posted);
    return "posted";
  }

  private async attachChart(ctx: DeliveryCtx, alertId: string, record: SlowMessageRecord): Promise<void> {
    const { ws, channel } = ctx;
    if (!record.ts || record.chartAt !== undefined) return;
    const subject = record.monitor?.name || `Monitor ${record.monitorId}`;
    const chart = slowChart({ subject, rule: record.rule, samples: record.samples, alertId });
    const marked: SlowMessageRecord = { ...record, chartAt: this.d.clock.now() };
    await this.d.messages.putSlow(ws, channel, alertId, marked);
    try {
      // An alert's chart: it may take the renderer's places kept for alerts, whatever people ask for.
      const png = await this.d.charts.render(chart.option, SLOW_CHART_WIDTH, SLOW_CHART_HEIGHT, {
        alert: true,
      });
      await this.d.posting.waitForSlot(ctx);
      const { fileId } = await this.d.posting.withRateLimit(ctx, () =>
        ctx.poster.uploadFile({
          channel,
          // A reply in a quiet thread has no thread of its own: its chart goes beside it.
          threadTs: record.threadTs ?? record.ts,
          filename: chart.filename,
          title: chart.title,
          altText: chart.altText,
          bytes: png.png,
        }),
      );
      // The latest record: nothing else writes it while the channel lock is held, but read it anyway.
      const latest = (await this.d.messages.getSlow(ws, channel, alertId)) ?? marked;
      const withChart: SlowMessageRecord = { ...latest, chartFileId: fileId };
      await this.d.messages.putSlow(ws, channel, alertId, withChart);
      await this.show(ctx, withChart);
    } catch (err) {
      this.d.logger.warn(
        { err, channel, alertId },
        "slow alert chart not shown; the alert stands without it",
      );
    }
  }

  /** Slack processes an upload before blocks may name it: a few short waits cover it. */
  private async show(ctx: DeliveryCtx, record: SlowMessageRecord): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.d.posting.update(ctx, { channel: ctx.channel, ts: record.ts!, ...this.render(record) });
        return;
      } catch (err) {
        if (attempt >= SHOW_ATTEMPTS) throw err;
        await this.d.sleep(SHOW_WAIT_MS, ctx.signal);
      }
    }
  }

  private render(record: SlowMessageRecord) {
    const subject = record.monitor?.name || `Monitor ${record.monitorId}`;
    const chart = record.chartFileId
      ? {
          fileId: record.chartFileId,
          altText: `Check times of ${subject}`,
          title: `Check times of ${subject}`,
        }
      : undefined;
    return renderSlowAlert({
      monitorId: record.monitorId,
      monitor: record.monitor,
      rule: record.rule,
      since: record.since,
      samples: record.samples,
      phase: record.phase,
      chart,
      links: this.d.webLinks,
    });
  }
}

/** An event whose newest check is older than the message's: a redelivery after a newer one. */
function isStale(event: SlowEvent, stored: SlowMessageRecord): boolean {
  const newest = (samples: readonly { at: number }[]) => samples.at(-1)?.at ?? 0;
  const behind = newest(event.samples) < newest(stored.samples);
  const same = newest(event.samples) === newest(stored.samples) && event.phase !== "fast";
  return behind || same;
}
