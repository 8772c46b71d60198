import type { WorkspaceRef } from "../../../domain/workspace-ref";
import { sleep } from "../../../lib/backoff";
import type { Clock } from "../../../lib/clock";
import type { Logger } from "../../../lib/logger";
import type { SlackChannels } from "../../../slack/slack-channels";
import { SlackApiError } from "../../../slack/slack-errors";
import type { SlackPoster } from "../../../slack/slack-poster";
import type { AlertMessageRecord, AlertMessageStore } from "../../../store/alert-message-store";
import type { IncidentChannelRecord, IncidentChannelStore } from "../../../store/incident-channel-store";
import type { IncidentNoteStore } from "../../../store/incident-note-store";
import type { Subscription, SubscriptionStore } from "../../../store/subscription-store";
import type { WebLinks } from "../../../ui/web-links";
import { type AlertGateDeps, gateAlert, gatedMonitor } from "../../engine/alert-gate";
import type { RunbookLookup } from "../../engine/alert-parts";
import type { ChannelCtx, ChannelPosting } from "../../engine/channel-posting";
import { incidentChannelName } from "./incident-channel-name";
import { incidentChannelPeople } from "./incident-channel-people";
import {
  type IncidentChannelEntryKind,
  type IncidentChannelItem,
  renderIncidentChannelEntry,
  renderIncidentChannelIntro,
  renderIncidentChannelLink,
  renderIncidentChannelSummary,
} from "./render-incident-channel";

/** A step in the alert's channel: an outbox event's (with its subscription) or a click's redraw. */
export type FollowCtx = ChannelCtx & { sub?: Subscription };

export const INCIDENT_CHANNEL_EVENT_TYPE = "uptime_incident_channel";

export type ChannelPosterFor = (
  ws: WorkspaceRef,
) => (SlackPoster & SlackChannels) | Promise<SlackPoster & SlackChannels>;

export interface IncidentChannelsDeps {
  store: IncidentChannelStore;
  messages: AlertMessageStore;
  subscriptions: Pick<SubscriptionStore, "listByChannel">;
  posterFor: ChannelPosterFor;
  posting: ChannelPosting;
  /** Each monitor's availability over the last 24 h, read with the subscriber's token; null where unread. */
  availability: (
    sub: Subscription | null,
    monitorIds: readonly string[],
  ) => Promise<Record<string, number | null>>;
  clock: Clock;
  logger: Logger;
  webLinks: WebLinks | undefined;
  runbooks?: RunbookLookup | undefined;
  /** How long a second click waits for the first click's channel before saying it is on its way (ms). */
  waitForOtherMs?: number;
  gate: AlertGateDeps;
  /** The incidents' notes, for the recovery summary; absent, it shows none. */
  notes?: Pick<IncidentNoteStore, "list"> | undefined;
}

export interface OpenIncidentChannel {
  workspace: WorkspaceRef;
  sourceChannel: string;
  apiTeamId: string;
  incidentId?: string | undefined;
  by: string;
}

export type OpenIncidentChannelOutcome =
  | { kind: "opened"; channelId: string; invited: number }
  | { kind: "exists"; channelId: string }
  | { kind: "opening"; by: string | null }
  | { kind: "no-alert" };

/** A click's claim lasts this long without a channel: a crashed opener blocks the next click no longer. */
const CLAIM_TTL_MS = 60_000;
/** Names tried with `-2`, `-3`, ... when Slack answers `name_taken`. */
const NAME_ATTEMPTS = 10;

interface Subject {
  key: string;
  items: IncidentChannelItem[];
  incidents: string[];
  teamName: string | null;
  threadTs: string | undefined;
}

// Opened once (a Redis claim: two clicks on any replicas make one channel), then fed through the outbox.
export class IncidentChannels {
  constructor(private readonly d: IncidentChannelsDeps) {}

  /** A single monitor's runbooks; none for a roll-up of several. */
  private async runbooksOf(apiTeamId: string, items: readonly IncidentChannelItem[]) {
    const [only] = items;
    if (!this.d.runbooks || items.length !== 1 || !only) return [];
    return this.d.runbooks({
      apiTeamId,
      monitorId: only.incident.monitorId,
      group: only.monitor?.group,
    });
  }

  async open(input: OpenIncidentChannel): Promise<OpenIncidentChannelOutcome> {
    const ws = input.workspace;
    const subject = await this.subjectOf(input);
    if (!subject) return { kind: "no-alert" };
    const existing = await this.d.store.get(ws, subject.key);
    if (existing) return { kind: "exists", channelId: existing.channelId };
    if (!(await this.d.store.claim(ws, subject.key, input.by, CLAIM_TTL_MS)))
      return this.waitForOther(ws, subject.key);
    try {
      return await this.create(input, subject);
    } catch (error) {
      await this.d.store.release(ws, subject.key);
      throw error;
    }
  }

  async archive(workspace: WorkspaceRef, channelId: string, by: string): Promise<void> {
    const poster = await this.d.posterFor(workspace);
    // Said before: nothing can be posted in an archived channel.
    await poster.postMessage({ channel: channelId, text: `🗄️ Archived by <@${by}>` });
    await poster.archiveChannel(channelId);
  }

  // Only the alert's own channel feeds it, so each event arrives once; a refusal ends the feed, never pauses.
  async follow(ctx: FollowCtx, incidentId: string): Promise<void> {
    const subject = await this.d.store.subjectOf(ctx.ws, incidentId);
    if (!subject) return;
    const record = await this.d.store.get(ctx.ws, subject);
    if (!record || record.archived || record.sourceChannel !== ctx.channel) return;
    const message = await this.d.messages.get(ctx.ws, ctx.channel, incidentId);
    if (!message) return;
    const gate = await gateAlert(this.d.gate, {
      kind: "incident-channel",
      sub: ctx.sub,
      ws: ctx.ws,
      channel: record.channelId,
      monitor: gatedMonitor(message.view),
    });
    if (gate.kind !== "deliver") return;
    try {
      for (const kind of entriesOf(message)) {
        await this.postEntry(ctx, record, subject, incidentId, kind, message);
      }
      if (message.stage === "resolved") await this.summarise(ctx, record, subject);
    } catch (error) {
      // A 429 or a failure without Slack's answer is retried with the event; a refusal is final.
      if (!(error instanceof SlackApiError)) throw error;
      this.d.logger.warn(
        { err: error, channel: record.channelId },
        "incident channel refused a post; its feed ends",
      );
      await this.d.store.put(ctx.ws, subject, { ...record, archived: true });
    }
  }

  private async subjectOf(input: OpenIncidentChannel): Promise<Subject | null> {
    const ws = input.workspace;
    if (input.incidentId) {
      const record = await this.d.messages.get(ws, input.sourceChannel, input.incidentId);
      if (!record) return null;
      const threadTs =
        record.mode === "thread" ? record.rootOf : record.mode === "root" ? record.ts : undefined;
      return {
        key: `i:${input.incidentId}`,
        items: [record.view],
        incidents: [input.incidentId],
        teamName: record.view.teamName ?? null,
        threadTs,
      };
    }
    const storm = await this.d.messages.getStorm(ws, input.sourceChannel, input.apiTeamId);
    const rollup = storm.rollup;
    if (!rollup?.ts) return null;
    const members = Object.values(rollup.members)
      .filter((m) => m.stage !== "resolved")
      .sort((a, b) => Date.parse(a.view.incident.started) - Date.parse(b.view.incident.started));
    if (members.length === 0) return null;
    return {
      key: `s:${input.apiTeamId}:${input.sourceChannel}:${rollup.id}`,
      items: members.map((m) => m.view),
      incidents: members.map((m) => m.view.incident.id),
      teamName: members[0]?.view.teamName ?? null,
      threadTs: rollup.ts,
    };
  }

  private async waitForOther(ws: WorkspaceRef, key: string): Promise<OpenIncidentChannelOutcome> {
    const deadline = Date.now() + (this.d.waitForOtherMs ?? 8_000);
    while (Date.now() < deadline) {
      const record = await this.d.store.get(ws, key);
      if (record) return { kind: "exists", channelId: record.channelId };
      await sleep(100);
    }
    return { kind: "opening", by: await this.d.store.claimant(ws, key) };
  }

  private async create(input: OpenIncidentChannel, subject: Subject): Promise<OpenIncidentChannelOutcome> {
    const ws = input.workspace;
    const poster = await this.d.posterFor(ws);
    const [first] = subject.items;
    const single = subject.items.length === 1 && first;
    const startedMs = Math.min(...subject.items.map((i) => Date.parse(i.incident.started)));
    const channel = await this.createNamed(poster, {
      startedMs,
      monitorName: single
        ? (first.monitor?.name ?? null)
        : `${subject.teamName ?? `team ${input.apiTeamId}`} outage`,
      monitorId: single ? first.incident.monitorId : input.apiTeamId,
    });
    const record: IncidentChannelRecord = {
      channelId: channel.id,
      name: channel.name,
      sourceChannel: input.sourceChannel,
      apiTeamId: input.apiTeamId,
      incidents: subject.incidents,
      openedBy: input.by,
      openedAt: this.d.clock.now(),
      teamName: subject.teamName,
    };
    // Saved at once: a second click now gets this channel, and the delivery starts feeding it.
    await this.d.store.put(ws, subject.key, record);
    const { people, groups } = await this.peopleOf(ws, input);
    let invited = 0;
    try {
      await poster.inviteToChannel(channel.id, people);
      invited = people.length;
    } catch (err) {
      // The channel stands; the people can still join it from the link.
      this.d.logger.warn({ err, channel: channel.id }, "incident channel: invite failed");
    }
    const intro = renderIncidentChannelIntro({
      items: subject.items,
      teamName: subject.teamName,
      sourceChannel: input.sourceChannel,
      openedBy: input.by,
      groups,
      links: this.d.webLinks,
      runbooks: await this.runbooksOf(input.apiTeamId, subject.items),
      now: this.d.clock.now(),
    });
    await poster.postMessage({ channel: channel.id, ...intro });
    if (subject.threadTs) {
      const link = renderIncidentChannelLink({ channelId: channel.id, openedBy: input.by });
      await poster.postMessage({ channel: input.sourceChannel, thread_ts: subject.threadTs, ...link });
    }
    return { kind: "opened", channelId: channel.id, invited };
  }

  private async createNamed(
    poster: SlackChannels,
    name: { startedMs: number; monitorName: string | null; monitorId: string },
  ): Promise<{ id: string; name: string }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await poster.createChannel(incidentChannelName({ ...name, attempt }));
      } catch (error) {
        const taken = error instanceof SlackApiError && error.slackError === "name_taken";
        if (!taken || attempt >= NAME_ATTEMPTS) throw error;
      }
    }
  }

  /** The clicker and the people the subscriptions name, bounded; their user groups (incidentChannelPeople). */
  private async peopleOf(ws: WorkspaceRef, input: OpenIncidentChannel) {
    const subs = await this.d.subscriptions.listByChannel(ws, input.sourceChannel);
    return incidentChannelPeople(subs, input.apiTeamId, input.by);
  }

  private async postEntry(
    ctx: FollowCtx,
    record: IncidentChannelRecord,
    subject: string,
    incidentId: string,
    kind: IncidentChannelEntryKind,
    message: AlertMessageRecord,
  ): Promise<void> {
    const by = kind === "acknowledged" && message.ackedBy ? await ctx.poster.userName(message.ackedBy) : null;
    const rendered = renderIncidentChannelEntry({ kind, item: message.view, by, now: this.d.clock.now() });
    await this.postOnce(ctx, record, subject, `${incidentId}:${kind}`, incidentId, rendered);
  }

  private async summarise(ctx: FollowCtx, record: IncidentChannelRecord, subject: string): Promise<void> {
    const messages = await Promise.all(
      record.incidents.map((id) => this.d.messages.get(ctx.ws, record.sourceChannel, id)),
    );
    const known = messages.filter((m): m is AlertMessageRecord => m !== null);
    if (known.length === 0 || known.some((m) => m.stage !== "resolved")) return;
    if ((await this.d.store.getPost(ctx.ws, subject, "summary")).ts) return;
    const ackedBy: Record<string, string | null> = {};
    for (const m of known) {
      ackedBy[m.view.incident.id] = m.ackedBy ? await ctx.poster.userName(m.ackedBy) : null;
    }
    const availability = await this.d.availability(ctx.sub ?? null, [
      ...new Set(known.map((m) => m.view.incident.monitorId)),
    ]);
    // Notes that cannot be read leave the summary without them: the recovery matters more.
    const notes = this.d.notes
      ? (
          await Promise.all(record.incidents.map((id) => this.d.notes!.list(ctx.ws, id).catch(() => [])))
        ).flat()
      : [];
    const rendered = renderIncidentChannelSummary({
      items: known.map((m) => m.view),
      notes: notes.sort((a, b) => a.at - b.at),
      ackedBy,
      availability,
      teamId: record.apiTeamId,
      channelId: record.channelId,
      now: this.d.clock.now(),
    });
    await this.postOnce(ctx, record, subject, "summary", record.incidents[0] ?? "", rendered);
  }

  /** One timeline post, once: recorded before it is made, looked up by its metadata after a crash. */
  private async postOnce(
    ctx: FollowCtx,
    record: IncidentChannelRecord,
    subject: string,
    entry: string,
    incidentId: string,
    rendered: { text: string; blocks?: unknown[] },
  ): Promise<void> {
    const post = await this.d.store.getPost(ctx.ws, subject, entry);
    if (post.ts) return;
    const channel = record.channelId;
    const { ts } = await this.d.posting.postOnce(
      { ...ctx, channel },
      {
        attempt: post.attempt,
        eventType: INCIDENT_CHANNEL_EVENT_TYPE,
        matcher: (payload) => payload.channel === channel && payload.entry === entry,
        saveAttempt: (attempt) => this.d.store.putPost(ctx.ws, subject, entry, { attempt }),
        message: {
          channel,
          ...rendered,
          metadata: {
            event_type: INCIDENT_CHANNEL_EVENT_TYPE,
            event_payload: { incident_id: incidentId, event_id: ctx.eventId, channel, entry },
          },
        },
      },
    );
    await this.d.store.putPost(ctx.ws, subject, entry, {
      ...(post.attempt ? { attempt: post.attempt } : {}),
      ts,
    });
  }
}

/** The timeline entries an incident's record says happened, in the order they can happen. */
function entriesOf(message: AlertMessageRecord): IncidentChannelEntryKind[] {
  const kinds: IncidentChannelEntryKind[] = [];
  if (message.escalationTs) kinds.push("escalated");
  if (message.view.incident.acknowledged || message.stage === "acknowledged") kinds.push("acknowledged");
  if (message.stage === "resolved") kinds.push("recovered");
  return kinds;
}
