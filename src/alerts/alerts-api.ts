// What src/alerts offers the rest of the bot and what it needs from it; createAlerts (index.ts) builds it.
import type { FetchFunction, Logger as SlackLogger } from "@slack/web-api";
import type { AlertingAction } from "../domain/alerting-roles";
import type { SlowRule } from "../domain/slow-rule";
import type { WorkspaceRef } from "../domain/workspace-ref";
import type { Clock } from "../lib/clock";
import type { Logger } from "../lib/logger";
import type { AlertMessageStore } from "../store/alert-message-store";
import type { IncidentChannelRecord } from "../store/incident-channel-store";
import type { IncidentNoteStore } from "../store/incident-note-store";
import type { RedisInstallationStore } from "../store/installation-store";
import type { Keyspace } from "../store/keys";
import type { LinkStore } from "../store/link-store";
import type { MaintenanceStore } from "../store/maintenance-store";
import type { MuteStore } from "../store/mute-store";
import type { RedisClient } from "../store/redis-connection";
import type { RotaStore } from "../store/rota-store";
import type { RunbookStore } from "../store/runbook-store";
import type { Subscription, SubscriptionStore } from "../store/subscription-store";
import type { CleanupParticipant } from "../store/workspace-cleanup";
import type { ChartRenderer } from "../ui/charts/chart-renderer";
import type { WebLinks } from "../ui/web-links";
import type { Monitor, UptimeCall } from "../uptime";
import type { IncidentChange } from "./engine/incident-event-tap";
import type { AddPollTargetInput } from "./engine/poll/poll-target";
import type { RejectionPolicy } from "./engine/poll/token-rejection";
import type { AcknowledgedInSlack, MuteChangedInSlack } from "./engine/redraw";
import type { BoardEvent } from "./kinds/board/board-event";
import type { DigestNowRequest } from "./kinds/digest/digest-delivery";
import type {
  OpenIncidentChannel,
  OpenIncidentChannelOutcome,
} from "./kinds/incident-channel/incident-channels";
import type { MaintenanceSchedules } from "./kinds/maintenance/maintenance-schedules";
import type { PageAnswer, PageRequest, PageRequestOutcome } from "./kinds/page/page-requests";
import type { bookHandovers } from "./kinds/rota/rota-schedule";
import type { PrometheusMetrics } from "./prometheus-metrics";

export interface AlertsOptions {
  uptimeApiUrl: string;
  alertWorkers: number;
  pollIntervalSeconds: number;
  webLinks?: WebLinks | undefined;
  slack: {
    apiUrl?: string | undefined;
    /** The single workspace's bot token; with OAuth, each workspace's comes from its installation. */
    botToken?: string | undefined;
    oauth: boolean;
    fetch?: FetchFunction | undefined;
    logger?: SlackLogger | undefined;
    callTimeoutMs?: number | undefined;
  };
  /** Longer than the call timeout: a post Slack carries out after the client gave up must land within it. */
  postSettleMs?: number | undefined;
  onUptimeCall?: ((call: UptimeCall) => void) | undefined;
  /** Not an environment setting: tests shorten the windows here. */
  rejections?: Partial<RejectionPolicy>;
  /** A logout or new login reaches the polls within it; tests shorten it. */
  pollTokenCacheMs?: number;
  /** Never awaited by the delivery; failures only logged (engine/incident-event-tap.ts). */
  onIncidentChange?: ((change: IncidentChange) => Promise<void>) | undefined;
}

export interface AlertsDeps {
  redis: RedisClient;
  charts: Pick<ChartRenderer, "render">;
  keys: Keyspace;
  clock: Clock;
  logger: Logger;
  links: LinkStore;
  installations: RedisInstallationStore;
}

export interface PollTargets {
  /** The token only names the target (a hash); it is never stored there. */
  add(
    /** `slow`: the subscriber's own rule; the target's meta gets it with its other subscriptions' rules. */
    input: Omit<AddPollTargetInput, "slowRules"> & { slow?: SlowRule | undefined },
    now: number,
  ): Promise<string>;
  remove(target: string, subscriber: string): Promise<number>;
}

/** A click on a kind's button, decoded: what the role table is asked before `press` runs it. */
export interface AlertButtonClick {
  actionId: string;
  subscriptionId: string;
  role: AlertingAction;
  value: unknown;
}

/** The action_ids of every kind's buttons: one listener is registered for them all. */

export interface Alerts {
  subscriptions: SubscriptionStore;
  mutes: MuteStore;
  maintenance: { windows: MaintenanceStore; schedules: MaintenanceSchedules };
  /** The kinds' own buttons: decoded (null: no kind's, or a value no codec reads), then run once allowed. */
  buttons: {
    decode(actionId: string, raw: string | undefined): AlertButtonClick | { outOfDate: string } | null;
    /** `sub` null: gone, or clicked outside its channel. Answers the clicker in one sentence. */
    press(click: AlertButtonClick, sub: Subscription | null, by: string): Promise<string>;
  };
  /**
   * `/uptime test`: a sample outage of `monitor` in the subscription's channel, posted by the schedule
   * worker and green a minute later; the caller has checked the role. Answers the test's incident id.
   */
  testAlert(input: { subscription: Subscription; monitor: Monitor }): Promise<string>;
  /** Page now: one outbox entry, its thread line and DMs posted once by whichever replica reads it. */
  page(request: PageRequest): Promise<PageRequestOutcome>;
  /** A paged person answered (their DM's Acknowledge, or any acknowledge): the thread hears it once. */
  pageAnswered(answer: PageAnswer): Promise<number>;
  /** The channels' on-call rotas (`/uptime oncall`) and their handover schedules. */
  oncall: {
    rotas: RotaStore;
    /** Books (or moves) the channel's next handover after a set or an override. */
    book(input: Parameters<typeof bookHandovers>[1]): Promise<void>;
    cancel(ws: WorkspaceRef, channelId: string): Promise<void>;
  };
  /**
   * The channel's live board (`/uptime board`): the request goes through the outbox to one subscription of
   * the channel, so that its post (once), redraws and removal run under the channel's lock.
   */
  board: { request(event: BoardEvent): Promise<void> };
  /** The runbook links of monitors and groups (`/uptime runbook`), shown on every alert of the monitor. */
  runbooks: RunbookStore;
  /** Read by the Mute overflow: the name of a muted monitor, from its last alert message in the channel. */
  messages: AlertMessageStore;
  pollTargets: PollTargets;
  acknowledged(ack: AcknowledgedInSlack): Promise<void>;
  redrawAfterMuteChange(change: MuteChangedInSlack): Promise<void>;
  /** Incident channels; the caller has checked who may open or archive one. */
  incidentChannels: {
    open(input: OpenIncidentChannel): Promise<OpenIncidentChannelOutcome>;
    archive(input: { workspace: WorkspaceRef; channelId: string; by: string }): Promise<void>;
    /** The incident channel with this Slack channel id, if it is one. */
    byChannel(workspace: WorkspaceRef, channelId: string): Promise<IncidentChannelRecord | null>;
  };
  /** The incidents' notes and the alert roots' index; the caller has checked who may add one. */
  notes: IncidentNoteStore;
  /** Every channel's message of the incident drawn again through the outbox (its note count changed). */
  redrawIncident(input: { workspace: WorkspaceRef; incidentId: string }): Promise<void>;
  digests: {
    /** Removes the schedule when the subscription has no digest (a re-subscribe without --digest). */
    schedule(subscription: Subscription): Promise<number | null>;
    unschedule(subscriptionId: string): Promise<void>;
    /** `/uptime digest`: the last day or week up to now, read with the asker's token. Slack errors are thrown. */
    postNow(request: DigestNowRequest): Promise<void>;
  };
  metrics: Pick<PrometheusMetrics, "renderMetrics">;
  cleanupParticipant: CleanupParticipant;
  /** A person deactivated or revoked: their personal alerts end, their channels move or pause. */
  offboardingParticipant: CleanupParticipant;
  start(): Promise<void>;
  stop(): Promise<void>;
}
