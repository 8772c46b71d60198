import type { Clock } from "../../../lib/clock";
import type { AlertMessageRecord, AlertMessageStore } from "../../../store/alert-message-store";
import type { WebLinks } from "../../../ui/web-links";
import {
  ACK_REPLY_EVENT_TYPE,
  incidentMatcher,
  incidentMetadata,
  RECOVERY_EVENT_TYPE,
  recoveryMetadata,
} from "../../engine/alert-metadata";
import type { ChannelCtx, ChannelPosting } from "../../engine/channel-posting";
import { renderAcknowledgedReply, renderRecoveryReply } from "./render-incident-replies";

export interface IncidentRepliesDeps {
  messages: Pick<AlertMessageStore, "put">;
  posting: ChannelPosting;
  clock: Clock;
  webLinks: WebLinks | undefined;
}

/** Never broadcast, never a mention: they inform, never ping. */
export class IncidentReplies {
  constructor(private readonly d: IncidentRepliesDeps) {}

  needsRecoveryReply(record: AlertMessageRecord): boolean {
    // A thread message of a flapping monitor turns green in place: the thread needs no second reply.
    return record.mode === "root" && record.stage === "resolved" && !!record.ts && !record.replyTs;
  }

  async replyRecovered(ctx: ChannelCtx, record: AlertMessageRecord): Promise<void> {
    const incidentId = record.view.incident.id;
    const rendered = renderRecoveryReply({
      incident: record.view.incident,
      monitor: record.view.monitor,
      links: this.d.webLinks,
      now: this.d.clock.now(),
      muteEndedBy: record.muteEndedBy,
    });
    const { ts } = await this.d.posting.postOnce(ctx, {
      attempt: record.replyAttempt,
      eventType: RECOVERY_EVENT_TYPE,
      matcher: incidentMatcher(incidentId, ctx.channel),
      threadTs: record.ts!,
      saveAttempt: (replyAttempt) =>
        this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, replyAttempt }),
      // No reply_broadcast and no mention: a recovery informs, it never pings (docs/architecture.md section 1).
      message: {
        channel: ctx.channel,
        ...rendered,
        thread_ts: record.ts!,
        metadata: recoveryMetadata(incidentId, ctx.eventId, ctx.channel),
      },
    });
    await this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, replyTs: ts });
  }

  /** Once, whoever acknowledged and from wherever; only a root has a thread. */
  async replyAcknowledged(ctx: ChannelCtx, record: AlertMessageRecord): Promise<AlertMessageRecord> {
    if (record.mode !== "root" || !record.ts || record.ackReplyTs || record.stage === "open") return record;
    const incidentId = record.view.incident.id;
    const rootTs = record.ts;
    const name = record.ackedBy ? await ctx.poster.userName(record.ackedBy) : null;
    const rendered = renderAcknowledgedReply({ name, inSlack: record.ackedBy !== undefined });
    const { ts } = await this.d.posting.postOnce(ctx, {
      attempt: record.ackReplyAttempt,
      eventType: ACK_REPLY_EVENT_TYPE,
      matcher: incidentMatcher(incidentId, ctx.channel),
      threadTs: rootTs,
      saveAttempt: (ackReplyAttempt) =>
        this.d.messages.put(ctx.ws, ctx.channel, incidentId, { ...record, ackReplyAttempt }),
      message: {
        channel: ctx.channel,
        ...rendered,
        thread_ts: rootTs,
        metadata: incidentMetadata(ACK_REPLY_EVENT_TYPE, incidentId, ctx.eventId, ctx.channel),
      },
    });
    const next = { ...record, ackReplyTs: ts };
    await this.d.messages.put(ctx.ws, ctx.channel, incidentId, next);
    return next;
  }
}
