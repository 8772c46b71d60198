import { mergeRunbooks } from "../domain/runbooks";
import type { SlowRule } from "../domain/slow-rule";
import { newTestIncidentId } from "../domain/test-alert-id";
import { workspacePosters } from "../slack/workspace-posters";
import { AlertMessageStore } from "../store/alert-message-store";
import { BoardStore } from "../store/board-store";
import { ChannelRateLimiter } from "../store/channel-rate-limiter";
import { DigestPostStore } from "../store/digest-post-store";
import { IncidentChannelStore } from "../store/incident-channel-store";
import { IncidentNoteStore } from "../store/incident-note-store";
import type { LinkStore } from "../store/link-store";
import { MaintenanceStore } from "../store/maintenance-store";
import { MuteStore } from "../store/mute-store";
import { OutboxStore } from "../store/outbox-store";
import { PollTargetStore } from "../store/poll-target-store";
import { RotaStore } from "../store/rota-store";
import { RunbookStore } from "../store/runbook-store";
import { subscriptionCleanupParticipant } from "../store/subscription-cleanup";
import { type Subscription, SubscriptionStore } from "../store/subscription-store";
import { UptimeClient } from "../uptime";
import type { Alerts, AlertsDeps, AlertsOptions, PollTargets } from "./alerts-api";
import { AlertDelivery } from "./engine/alert-delivery";
import { deferredSchedule } from "./engine/deferrals";
import { DeliveryWorker, outboxKeysOf } from "./engine/delivery-worker";
import { tapIncidentEvents } from "./engine/incident-event-tap";
import { toAlertMonitor } from "./engine/poll/poll-reads";
import { addPollTarget, pollTargetName } from "./engine/poll/poll-target";
import { PollWorker } from "./engine/poll/poll-worker";
import { rejectionPolicy } from "./engine/poll/token-rejection";
import { ScheduleStore } from "./engine/schedules/schedule-store";
import { scheduleTarget } from "./engine/schedules/schedule-targets";
import { ScheduleWorker } from "./engine/schedules/schedule-worker";
import type { BoardEvent } from "./kinds/board/board-event";
import { DigestDelivery } from "./kinds/digest/digest-delivery";
import { DigestSchedules } from "./kinds/digest/digest-schedules";
import { escalationSchedules } from "./kinds/escalation/escalation-schedules";
import { maintenanceSchedules } from "./kinds/maintenance/maintenance-schedules";
import { pageRequests } from "./kinds/page/page-requests";
import { KIND_BUTTONS, ON_IT_LISTENERS, POLL_DETECTORS, SCHEDULE_KINDS } from "./kinds/registry";
import { bookHandovers, cancelHandovers } from "./kinds/rota/rota-schedule";
import { startTestAlert } from "./kinds/test-alert/test-alert-schedule";
import { createPrometheusMetrics, outboxSampler } from "./prometheus-metrics";
import { offboardingParticipant } from "./subscriptions/offboarding";
import { pollHooks } from "./subscriptions/poll-hooks";
import { SubscriptionPauses } from "./subscriptions/subscription-pauses";

export type { AlertButtonClick, Alerts, AlertsDeps, AlertsOptions, PollTargets } from "./alerts-api";
export type { IncidentChange } from "./engine/incident-event-tap";
export type { RejectionPolicy } from "./engine/poll/token-rejection";
export type { AcknowledgedInSlack, MuteChangedInSlack } from "./engine/redraw";
export type { BoardEntry, BoardEvent, BoardPaused } from "./kinds/board/board-event";
export type { DigestNowRequest } from "./kinds/digest/digest-delivery";
export type {
  OpenIncidentChannel,
  OpenIncidentChannelOutcome,
} from "./kinds/incident-channel/incident-channels";
export { PAGE_MAX_PEOPLE, PAGE_MESSAGE_MAX } from "./kinds/page/page-event";

// The only entry to src/alerts: the rest of the bot imports nothing else from it (.dependency-cruiser.cjs).

export const ALERT_BUTTON_IDS: readonly string[] = [...KIND_BUTTONS.keys()];

export function createAlerts(options: AlertsOptions, deps: AlertsDeps): Alerts {
  const { redis, keys, clock, logger } = deps;
  const scheduler = new PollTargetStore({ redis, keys });
  const subscriptions = new SubscriptionStore({ redis, keys, clock });
  const messages = new AlertMessageStore({ redis, keys });
  const mutes = new MuteStore({ redis, keys, clock });
  const outbox = new OutboxStore({ redis });
  const windows = new MaintenanceStore({ redis, keys, clock });
  const rotas = new RotaStore({ redis, keys });
  const notes = new IncidentNoteStore({ redis, keys });
  const incidentChannelStore = new IncidentChannelStore({ redis, keys });
  const runbooks = new RunbookStore({ redis, keys });
  const boards = new BoardStore({ redis, keys });
  const appendBoard = async (event: BoardEvent) => {
    const target = scheduleTarget("board", event.subscriptionId);
    await outbox.append(scheduler.outboxKey(scheduler.shardOf(target)), target, JSON.stringify(event));
  };
  const outboxKeys = outboxKeysOf(scheduler);
  const metrics = createPrometheusMetrics({
    sampleOutbox: outboxSampler(redis, outboxKeys),
    samplePaused: () => subscriptions.pausedByReason(),
    sampleEarliestDue: () => scheduler.earliestDue(),
    logger,
  });
  const posterFor = workspacePosters(options.slack, deps.installations, logger);
  const rejections = rejectionPolicy(options.rejections);
  const pauses = new SubscriptionPauses({ subscriptions, links: deps.links, posterFor, logger });
  const schedules = new ScheduleStore({ redis, keys, scheduler });
  let digestClient: UptimeClient | null = null;
  const apiClient = () => {
    digestClient ??= new UptimeClient({
      baseUrl: options.uptimeApiUrl,
      logger,
      ...(options.onUptimeCall ? { onCall: options.onUptimeCall } : {}),
    });
    return digestClient;
  };
  const digestSchedules = new DigestSchedules({ store: schedules, clock });
  const digests = new DigestDelivery({
    links: deps.links,
    posts: new DigestPostStore({ redis, keys }),
    messages,
    posterFor,
    pauses,
    client: apiClient,
    charts: deps.charts,
    clock,
    logger: logger.child({ component: "digests" }),
    postSettleMs: options.postSettleMs,
    gate: { mutes, windows },
  });
  const delivery = new AlertDelivery({
    subscriptions,
    messages,
    mutes,
    windows,
    rotas,
    rateLimiter: new ChannelRateLimiter({ redis, keys }),
    posterFor,
    pauses,
    boards,
    escalations: escalationSchedules(schedules),
    schedules,
    deferrals: schedules,
    clock,
    logger: logger.child({ component: "alert-delivery" }),
    metrics: metrics.alert,
    webLinks: options.webLinks,
    runbooks: async ({ apiTeamId, monitorId, group }) => {
      const found = await runbooks.forMonitor(apiTeamId, monitorId, group);
      return mergeRunbooks([found.monitor, found.group]);
    },
    charts: deps.charts,
    postSettleMs: options.postSettleMs,
    digests,
    fanOut: { outbox, outboxKeyOf: (target) => scheduler.outboxKey(scheduler.shardOf(target)) },
    notes,
    incidentChannels: {
      store: incidentChannelStore,
      subscriptions,
      posterFor,
      availability: incidentAvailability(deps.links, apiClient),
    },
  });
  const pages = pageRequests({
    messages,
    outbox,
    outboxKeyOf: (target) => scheduler.outboxKey(scheduler.shardOf(target)),
  });
  const pollTargets: PollTargets = {
    add: async (input, now) => {
      const { slow: _own, ...rest } = input;
      const slowRules = await slowRulesOfTarget(
        subscriptions,
        pollTargetName(input.apiTeamId, input.token),
        input,
      );
      return addPollTarget(scheduler, { ...rest, slowRules }, now);
    },
    remove: (target, subscriber) => scheduler.remove(target, subscriber),
  };

  const hookDeps = {
    links: deps.links,
    subscriptions,
    pauses,
    pollTargets,
    forget: (sub: Subscription) => digestSchedules.unschedule(sub.id),
    posterFor,
    clock,
    logger,
  };

  let pollClient: UptimeClient | null = null;
  let pollWorker: PollWorker | null = null;
  let deliveryWorker: DeliveryWorker | null = null;
  let scheduleWorker: ScheduleWorker | null = null;
  return {
    subscriptions,
    mutes,
    maintenance: { windows, schedules: maintenanceSchedules(schedules) },
    buttons: {
      decode(actionId, raw) {
        const button = KIND_BUTTONS.get(actionId);
        if (!button) return null;
        const value = button.value.decode(raw);
        if (value === null) return { outOfDate: button.instead };
        return { actionId, subscriptionId: button.subscriptionOf(value), role: button.role, value };
      },
      async press(click, sub, by) {
        const button = KIND_BUTTONS.get(click.actionId);
        if (!button) throw new Error(`no kind's button ${click.actionId}`);
        const services = { schedules, messages, clock };
        const answer = await button.run(services, { value: click.value, sub, by });
        const incidentId = sub ? button.onIt?.(click.value) : undefined;
        if (sub && incidentId)
          await Promise.all(ON_IT_LISTENERS.map((heard) => heard(services, { sub, incidentId, by })));
        return answer;
      },
    },
    oncall: {
      rotas,
      book: (input) => bookHandovers(schedules, input),
      cancel: (ws, channelId) => cancelHandovers(schedules, ws, channelId),
    },
    async testAlert({ subscription, monitor }) {
      const now = clock.now();
      const incidentId = newTestIncidentId(now);
      await startTestAlert(schedules, {
        subscriptionId: subscription.id,
        incidentId,
        apiTeamId: subscription.apiTeamId,
        monitor: toAlertMonitor(monitor),
        now,
      });
      return incidentId;
    },
    page: (request) => pages.page(request),
    pageAnswered: (answer) => pages.answered(answer),
    messages,
    runbooks,
    board: { request: appendBoard },
    pollTargets,
    async acknowledged(ack) {
      await delivery.redraw.acknowledged(ack);
      // The other channels' boards hear it from their redraw events; this one's from an event of its own.
      const board = ack.channelId ? await boards.get(ack.workspace, ack.channelId) : null;
      if (board?.ts)
        await appendBoard({
          type: "board",
          action: "refresh",
          subscriptionId: board.subscriptionId,
          by: ack.ackedBy,
          acknowledged: { incidentId: ack.incidentId, ackedBy: ack.ackedBy },
        });
    },
    incidentChannels: {
      open: async (input) => (delivery.channels ? delivery.channels.open(input) : { kind: "no-alert" }),
      archive: async (input) => delivery.channels?.archive(input.workspace, input.channelId, input.by),
      byChannel: (ws, channelId) => incidentChannelStore.byChannel(ws, channelId),
    },
    notes,
    redrawIncident: (input) => delivery.redraw.redrawIncident(input),
    async redrawAfterMuteChange(change) {
      await delivery.redraw.afterMuteChange(change);
      // A mute is no outbox event: the board hears of it through one of its own.
      const board = await boards.get(change.workspace, change.channelId);
      if (board?.ts)
        await appendBoard({
          type: "board",
          action: "refresh",
          subscriptionId: board.subscriptionId,
          by: "mute",
        });
    },
    digests: {
      schedule: (subscription) => digestSchedules.schedule(subscription),
      unschedule: (subscriptionId) => digestSchedules.unschedule(subscriptionId),
      postNow: (request) => digests.postNow(request),
    },
    metrics,
    cleanupParticipant: subscriptionCleanupParticipant({
      subscriptions,
      scheduler,
      forget: (sub) => digestSchedules.unschedule(sub.id),
    }),
    offboardingParticipant: offboardingParticipant({
      ...hookDeps,
      redis,
      keys,
      scheduler,
      // A take-over checks the candidate's token on the team with the on-demand client.
      client: { as: (token) => apiClient().as(token) },
    }),
    async start() {
      if (options.alertWorkers <= 0) return;
      // The scheduler's backoff is the poller's retry: the client's own retries would only delay a commit.
      pollClient = new UptimeClient({
        baseUrl: options.uptimeApiUrl,
        logger,
        retry: { retries: 0 },
        ...(options.onUptimeCall ? { onCall: options.onUptimeCall } : {}),
      });
      const hooks = pollHooks({ ...hookDeps, client: pollClient });
      pollWorker = new PollWorker({
        scheduler,
        client: pollClient,
        resolveToken: hooks.resolveToken,
        hooks,
        detectors: POLL_DETECTORS,
        clock,
        logger,
        metrics: metrics.poll,
        pollIntervalMs: options.pollIntervalSeconds * 1000,
        rejections,
        ...(options.pollTokenCacheMs ? { apiCacheTtlMs: options.pollTokenCacheMs } : {}),
      });
      deliveryWorker = new DeliveryWorker({
        redis,
        outboxKeys,
        delivery: options.onIncidentChange
          ? tapIncidentEvents(delivery, options.onIncidentChange, { clock, logger })
          : delivery,
        workers: options.alertWorkers,
        clock,
        logger: logger.child({ component: "delivery-worker" }),
        metrics: metrics.alert,
      });
      scheduleWorker = new ScheduleWorker({
        store: schedules,
        // The engine's own: a held event released at its time.
        kinds: [...SCHEDULE_KINDS, deferredSchedule],
        clock,
        logger: logger.child({ component: "schedules" }),
      });
      await deliveryWorker.start();
      pollWorker.start();
      scheduleWorker.start();
      logger.info(
        { alertWorkers: options.alertWorkers, pollIntervalSeconds: options.pollIntervalSeconds },
        "alert workers started",
      );
    },
    async stop() {
      await Promise.all([pollWorker?.stop(), deliveryWorker?.stop(), scheduleWorker?.stop()]);
      await Promise.all([pollClient?.close(), digestClient?.close()]);
      pollWorker = null;
      deliveryWorker = null;
      scheduleWorker = null;
      pollClient = null;
      digestClient = null;
    },
  };
}

// A removed subscription's rule stays until the next subscribe rewrites the meta; delivery finds no channel.
async function slowRulesOfTarget(
  subscriptions: Pick<SubscriptionStore, "listByTargetSettled">,
  target: string,
  input: { subscriber: string; slow?: SlowRule | undefined },
): Promise<SlowRule[]> {
  const { subscriptions: others } = await subscriptions.listByTargetSettled(target);
  const rules = others.flatMap((sub) => (sub.id !== input.subscriber && sub.slow ? [sub.slow] : []));
  return input.slow ? [...rules, input.slow] : rules;
}

/** A10 hourly, A11 include on GET /monitors/{id}; null where it cannot be read. */
function incidentAvailability(links: LinkStore, client: () => UptimeClient) {
  return async (sub: Subscription | null, monitorIds: readonly string[]) => {
    const out: Record<string, number | null> = {};
    const token = sub
      ? await links.getToken({ ...sub.workspace, userId: sub.subscriber.userId }).catch(() => null)
      : null;
    for (const id of monitorIds) {
      out[id] = null;
      if (!token) continue;
      try {
        const monitor = await client()
          .as(token)
          .monitors.get(id, { include: ["availability-hourly"] });
        out[id] = monitor.availabilityHourly?.totals.availability ?? null;
      } catch {
        // The summary says "unknown": an API failure must not hold the recovery's feed.
      }
    }
    return out;
  };
}
