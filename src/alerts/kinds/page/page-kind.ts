import { SlackApiError } from "../../../slack/slack-errors";
import type { AlertMessageRecord } from "../../../store/alert-message-store";
import type { AlertKind, EngineServices } from "../../engine/alert-kind";
import { incidentMatcher, incidentMetadata } from "../../engine/alert-metadata";
import type { DeliveryCtx } from "../../engine/channel-posting";
import type { DeliveryOutcome } from "../../metrics";
import {
  PAGE_MAX_PEOPLE,
  type PageAnswerEvent,
  type PageEvent,
  type PageKindEvent,
  pageEventSchema,
  pagePostKeys,
} from "./page-event";
import { renderPageAnswer, renderPageDm, renderPageLine } from "./render-page";

/** Metadata event types: a retry finds this page's line, each DM and each answer before posting again. */
export const PAGE_EVENT_TYPE = "uptime_alert_page";
export const PAGE_DM_EVENT_TYPE = "uptime_page_dm";
export const PAGE_ANSWER_EVENT_TYPE = "uptime_alert_page_answer";

type Post = NonNullable<AlertMessageRecord["posts"]>[string];
// A DM Slack refused (a deactivated person, a bot): recorded so that a retry does not ask again.
const REFUSED = "refused";

/** The thread a page speaks in: the alert's own message, or the storm roll-up that lists the incident. */
async function threadOf(
  engine: EngineServices,
  ctx: DeliveryCtx,
  record: AlertMessageRecord | null,
): Promise<string | undefined> {
  if (record?.mode === "root") return record.ts;
  if (record?.mode !== "rollup") return undefined;
  const rollup = (await engine.messages.getStorm(ctx.ws, ctx.channel, record.view.apiTeamId)).rollup;
  return rollup?.members[record.view.incident.id] ? rollup.ts : undefined;
}

/**
 * Page now: one line in the incident's thread naming who paged whom, and one DM per paged person (the
 * members of a paged user group too) with Acknowledge; later one line per paged person who answered. Each
 * post is recorded in the message record's `posts` under the page's id before it is made, so replicas and
 * retries post it once. Pages are on purpose: nothing holds them (their gate row).
 */
export const pageKind: AlertKind<PageKindEvent> = {
  name: "page",
  types: ["page", "page-answer"],
  codec: { schema: pageEventSchema, label: "page event" },
  gate: "page",
  plan(engine) {
    return {
      inChannel: true,
      failure: "page failed; it is retried",
      counted: false,
      accepts: () => true,
      deliver: (ctx, event) =>
        event.type === "page" ? deliverPage(engine, ctx, event) : deliverAnswer(engine, ctx, event),
    };
  },
  renderers: { renderPageLine, renderPageDm, renderPageAnswer },
};

/** Reads the record again before each write: the lock is ours, but each post moves `posts` on. */
async function savePost(
  engine: EngineServices,
  ctx: DeliveryCtx,
  incidentId: string,
  key: string,
  post: Post,
) {
  const latest = await engine.messages.get(ctx.ws, ctx.channel, incidentId);
  if (!latest) return;
  await engine.messages.put(ctx.ws, ctx.channel, incidentId, {
    ...latest,
    posts: { ...latest.posts, [key]: post },
  });
}

/** One reply in the alert's thread, once under `key`. */
async function postInThread(
  engine: EngineServices,
  ctx: DeliveryCtx,
  input: { incidentId: string; key: string; eventType: string; threadTs: string; prior: Post | undefined },
  rendered: { text: string; blocks?: unknown[] },
): Promise<void> {
  const metadata = incidentMetadata(input.eventType, input.incidentId, ctx.eventId, ctx.channel);
  const incident = incidentMatcher(input.incidentId, ctx.channel);
  const { ts } = await engine.posting.postOnce(ctx, {
    attempt: input.prior?.attempt,
    eventType: input.eventType,
    matcher: (payload) => incident(payload) && payload.key === input.key,
    threadTs: input.threadTs,
    saveAttempt: (attempt) => savePost(engine, ctx, input.incidentId, input.key, { key: input.key, attempt }),
    message: {
      channel: ctx.channel,
      ...rendered,
      thread_ts: input.threadTs,
      metadata: { ...metadata, event_payload: { ...metadata.event_payload, key: input.key } },
    },
  });
  await savePost(engine, ctx, input.incidentId, input.key, { key: input.key, ts });
}

async function deliverPage(
  engine: EngineServices,
  ctx: DeliveryCtx,
  event: PageEvent,
): Promise<DeliveryOutcome> {
  const record = await engine.messages.get(ctx.ws, ctx.channel, event.incidentId);
  const threadTs = await threadOf(engine, ctx, record);
  if (!record || !threadTs) return "skipped";
  const lineKey = pagePostKeys.line(event.pageId);
  const line = record.posts?.[lineKey];
  if (!line?.ts) {
    await postInThread(
      engine,
      ctx,
      { incidentId: event.incidentId, key: lineKey, eventType: PAGE_EVENT_TYPE, threadTs, prior: line },
      renderPageLine(event),
    );
    // The postmortem's timeline: who paged whom (after the post, so a redelivery adds it once).
    await engine.messages
      .addTimeline(ctx.ws, event.incidentId, {
        at: engine.clock.now(),
        kind: "paged",
        channel: ctx.channel,
        by: event.by,
        whom: [...event.users, ...event.groups],
      })
      .catch(() => undefined);
  }
  for (const userId of await recipients(ctx, event)) {
    await directMessage(engine, ctx, event, userId);
  }
  engine.metrics.delivery("posted");
  await engine.follow(ctx, event.incidentId);
  return "posted";
}

/** The paged people and the members of the paged groups, once each; a group Slack will not list is only mentioned. */
async function recipients(ctx: DeliveryCtx, event: PageEvent): Promise<string[]> {
  const people = new Set(event.users);
  for (const group of event.groups) {
    if (!ctx.poster.groupMembers) break;
    try {
      for (const member of await ctx.poster.groupMembers(group)) people.add(member);
    } catch (error) {
      if (!(error instanceof SlackApiError)) throw error;
    }
  }
  return [...people].slice(0, PAGE_MAX_PEOPLE);
}

async function directMessage(engine: EngineServices, ctx: DeliveryCtx, event: PageEvent, userId: string) {
  const key = pagePostKeys.dm(event.pageId, userId);
  const record = await engine.messages.get(ctx.ws, ctx.channel, event.incidentId);
  if (!record) return;
  const prior = record.posts?.[key];
  if (prior?.ts || prior?.key === REFUSED) return;
  try {
    const dm = ctx.poster.openDirectMessage ? await ctx.poster.openDirectMessage(userId) : userId;
    const rendered = renderPageDm({
      incident: record.view.incident,
      monitor: record.view.monitor,
      apiTeamId: record.view.apiTeamId,
      subscriptionId: ctx.sub.id,
      pageId: event.pageId,
      by: event.by,
      message: event.message,
      channelId: ctx.channel,
      links: engine.webLinks,
      now: engine.clock.now(),
    });
    const metadata = incidentMetadata(PAGE_DM_EVENT_TYPE, event.incidentId, ctx.eventId, dm);
    const { ts } = await engine.posting.postOnce(
      { ...ctx, channel: dm },
      {
        attempt: prior?.attempt,
        eventType: PAGE_DM_EVENT_TYPE,
        matcher: (payload) => payload.incident_id === event.incidentId && payload.key === key,
        saveAttempt: (attempt) => savePost(engine, ctx, event.incidentId, key, { key, attempt }),
        message: {
          channel: dm,
          ...rendered,
          metadata: { ...metadata, event_payload: { ...metadata.event_payload, key } },
        },
      },
    );
    await savePost(engine, ctx, event.incidentId, key, { key, ts });
  } catch (error) {
    // One person Slack will not DM must neither stop the others' DMs nor pause the channel's alerts.
    if (!(error instanceof SlackApiError)) throw error;
    engine.logger.warn({ err: error, userId, pageId: event.pageId }, "page DM refused");
    await savePost(engine, ctx, event.incidentId, key, { key: REFUSED });
  }
}

async function deliverAnswer(
  engine: EngineServices,
  ctx: DeliveryCtx,
  event: PageAnswerEvent,
): Promise<DeliveryOutcome> {
  const record = await engine.messages.get(ctx.ws, ctx.channel, event.incidentId);
  const threadTs = await threadOf(engine, ctx, record);
  // Only someone this page reached answers it.
  if (!record || !threadTs || !record.posts?.[pagePostKeys.dm(event.pageId, event.by)]?.ts) return "skipped";
  const key = pagePostKeys.answer(event.pageId, event.by);
  const prior = record.posts[key];
  if (prior?.ts) return "skipped";
  await postInThread(
    engine,
    ctx,
    { incidentId: event.incidentId, key, eventType: PAGE_ANSWER_EVENT_TYPE, threadTs, prior },
    renderPageAnswer(event),
  );
  await engine.messages
    .addTimeline(ctx.ws, event.incidentId, {
      at: engine.clock.now(),
      kind: "page-answered",
      channel: ctx.channel,
      by: event.by,
    })
    .catch(() => undefined);
  engine.metrics.delivery("posted");
  return "posted";
}
