import { createHash } from "node:crypto";
import type { BoardRecord } from "../../../store/board-store";
import { quietScopeText } from "../../../ui/quiet-scope-text";
import type { AlertKind, EngineServices } from "../../engine/alert-kind";
import type { ChannelCtx } from "../../engine/channel-posting";
import type { DeliveryOutcome } from "../../metrics";
import { type BoardEvent, boardEventSchema } from "./board-event";
import { boardExpiryId, boardExpirySchedule } from "./board-schedule";
import { acknowledgeInSlack, foldBoard } from "./board-state";
import { renderBoard } from "./render-board";

/** The metadata event type of a board: a retried post finds it instead of posting a second one. */
export const BOARD_EVENT_TYPE = "uptime_board";

/**
 * `/uptime board`: one message per channel, posted once (and pinned when the scope allows), then redrawn in
 * place (chat.update only) as the channel's events go by: it watches every event delivered here (observe),
 * folds it into what it shows, and sends a drawing only when it differs from the last one, in the channel's
 * posting slot (about one a second). Under the channel's lock, so two replicas never draw it twice.
 */
export const boardKind: AlertKind<BoardEvent> = {
  name: "board",
  types: ["board"],
  codec: { schema: boardEventSchema, label: "board event" },
  gate: null,
  plan(engine) {
    const boards = engine.boards;
    return {
      inChannel: true,
      failure: "board update failed; it is retried",
      counted: false,
      accepts: () => boards !== undefined,
      async deliver(ctx, event) {
        if (!boards) return "skipped";
        if (event.action === "off") return takeDown(engine, ctx);
        const record = await boards.get(ctx.ws, ctx.channel);
        if (event.action !== "post") {
          const ack = event.acknowledged;
          const entries =
            ack && record ? acknowledgeInSlack(record.entries, ack.incidentId, ack.ackedBy) : null;
          if (record?.ts) await draw(engine, ctx, entries ? { ...record, entries } : record);
          return "skipped";
        }
        const next: BoardRecord = {
          ...(record ?? {}),
          v: 1,
          subscriptionId: event.subscriptionId,
          group: event.group,
          by: event.by,
          entries: event.seed,
          paused: event.paused,
        };
        if (next.ts) {
          await draw(engine, ctx, next);
          return "posted";
        }
        return post(engine, ctx, next);
      },
      async observe(ctx, event) {
        if (!boards) return;
        const record = await boards.get(ctx.ws, ctx.channel);
        if (!record?.ts) return;
        const incidentId = (event as { incidentId?: unknown }).incidentId;
        const ackedBy =
          event.type === "acknowledged" && typeof incidentId === "string"
            ? await engine.messages.ackedBy(ctx.ws, incidentId)
            : null;
        const entries = foldBoard(record.entries, event, record.group, ackedBy);
        await draw(engine, ctx, { ...record, entries });
      },
    };
  },
  renderers: { renderBoard },
  schedules: [boardExpirySchedule],
};

async function drawing(engine: EngineServices, ctx: ChannelCtx, record: BoardRecord) {
  const now = engine.clock.now();
  const [muted, windows] = await Promise.all([
    engine.mutes.listChannel(ctx.ws, ctx.channel),
    engine.windows?.listChannel(ctx.ws, ctx.channel) ?? Promise.resolve([]),
  ]);
  const inGroup = (group: string | null | undefined) =>
    record.group === null || (group ?? "").toLowerCase() === record.group.toLowerCase();
  const known = new Map<string, string | null | undefined>(record.entries.map((e) => [e.monitorId, e.group]));
  for (const p of record.paused) known.set(p.monitorId, p.group);
  // On a group's board, a muted monitor it has not shown yet: its group from its last alert here, if any.
  if (record.group !== null)
    for (const m of muted)
      if (!known.has(m.monitorId)) known.set(m.monitorId, await alertedGroup(engine, ctx, m.monitorId));
  const rendered = renderBoard({
    group: record.group,
    entries: record.entries,
    paused: record.paused,
    // On a group's board, a mute shows when the monitor is known to be in the group.
    muted: muted
      .filter(
        (m) =>
          record.group === null || (known.get(m.monitorId) !== undefined && inGroup(known.get(m.monitorId))),
      )
      .map((m) => ({
        monitorId: m.monitorId,
        name: m.monitorName,
        until: m.until,
        by: m.by,
        untilRecovered: Boolean(m.untilRecovered),
      })),
    windows: windows
      .filter((w) => w.startAt <= now && (w.scope.kind !== "group" || inGroup(w.scope.group)))
      .map((w) => ({ id: w.id, what: quietScopeText(w.scope, w.teamName), endAt: w.endAt, by: w.by })),
  });
  // A mute running out is no event: the board books its own redraw for the next one (windows have theirs).
  const ends = muted.map((m) => m.until).filter((until) => until > now);
  if (ends.length > 0 && engine.schedules) {
    const at = Math.min(...ends) + EXPIRY_MARGIN_MS;
    await engine.schedules.book(
      boardExpiryId(record.subscriptionId),
      { kind: "board", subscriptionId: record.subscriptionId, at },
      at,
    );
  }
  return rendered;
}

/** After a mute's end, so that the redraw reads it as over. */
const EXPIRY_MARGIN_MS = 1000;

/** The group of a monitor as its last alert in this channel recorded it; undefined when never alerted here. */
async function alertedGroup(
  engine: EngineServices,
  ctx: ChannelCtx,
  monitorId: string,
): Promise<string | null | undefined> {
  const last = (await engine.messages.getMonitor(ctx.ws, ctx.channel, monitorId)).lastRoot;
  const message = last ? await engine.messages.get(ctx.ws, ctx.channel, last.incidentId) : null;
  return message?.view.monitor ? (message.view.monitor.group ?? null) : undefined;
}

function digest(rendered: unknown): string {
  return createHash("sha256").update(JSON.stringify(rendered)).digest("base64url").slice(0, 22);
}

/** Saves the record, and updates the message only when what it shows changed (never a new post). */
async function draw(engine: EngineServices, ctx: ChannelCtx, record: BoardRecord): Promise<void> {
  const boards = engine.boards!;
  const rendered = await drawing(engine, ctx, record);
  const drawn = digest(rendered);
  if (drawn === record.drawn || !record.ts) {
    await boards.put(ctx.ws, ctx.channel, record);
    return;
  }
  // The channel's posting slot: a board changes at most about once a second, and never crowds an alert out.
  await engine.posting.waitForSlot(ctx);
  await engine.posting.update(ctx, { channel: ctx.channel, ts: record.ts, ...rendered });
  await boards.put(ctx.ws, ctx.channel, { ...record, drawn });
}

async function post(engine: EngineServices, ctx: ChannelCtx, record: BoardRecord): Promise<DeliveryOutcome> {
  const boards = engine.boards!;
  const rendered = await drawing(engine, ctx, record);
  const { ts } = await engine.posting.postOnce(ctx, {
    attempt: record.attempt,
    eventType: BOARD_EVENT_TYPE,
    matcher: (payload) => payload.channel === ctx.channel,
    saveAttempt: (attempt) => boards.put(ctx.ws, ctx.channel, { ...record, attempt }),
    message: {
      channel: ctx.channel,
      ...rendered,
      metadata: {
        event_type: BOARD_EVENT_TYPE,
        event_payload: { channel: ctx.channel, event_id: ctx.eventId },
      },
    },
  });
  const pinned = (await ctx.poster.pin?.(ctx.channel, ts)) ?? false;
  await boards.put(ctx.ws, ctx.channel, { ...record, ts, pinned, drawn: digest(rendered) });
  engine.metrics.delivery("posted");
  return "posted";
}

async function takeDown(engine: EngineServices, ctx: ChannelCtx): Promise<DeliveryOutcome> {
  const boards = engine.boards!;
  const record = await boards.get(ctx.ws, ctx.channel);
  if (record?.ts) {
    if (record.pinned) await ctx.poster.unpin?.(ctx.channel, record.ts);
    await ctx.poster.deleteMessage?.(ctx.channel, record.ts);
  }
  await boards.remove(ctx.ws, ctx.channel);
  if (record) await engine.schedules?.cancel(boardExpiryId(record.subscriptionId));
  return record?.ts ? "posted" : "skipped";
}
