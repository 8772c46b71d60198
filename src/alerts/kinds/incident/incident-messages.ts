import type {
  AlertMessageRecord,
  MessageStage,
  MonitorAlertState,
  StoredAlertView,
  StormState,
} from "../../../store/alert-message-store";
import type { EngineServices } from "../../engine/alert-kind";
import type { DeliveryCtx } from "../../engine/channel-posting";
import type { DeliveryOutcome } from "../../metrics";
import { isLaterStage, type OutboxEvent } from "../../model";
import {
  decideFlap,
  decideStorm,
  type FlapDecision,
  STORM_WINDOW_MS,
  type WindowRules,
} from "../storm/alert-rules";
import { startedMs, viewOf } from "./incident-drawing";
import { stageOfEvent } from "./incident-event";

/** Planned quiet windows hold an incident first seen during one until its end (engine.windows). */
export type IncidentMessagesDeps = Pick<
  EngineServices,
  | "messages"
  | "mutes"
  | "windows"
  | "escalations"
  | "drawing"
  | "replies"
  | "rollup"
  | "clock"
  | "storm"
  | "flap"
  | "gate"
  | "incidentHooks"
>;

/** A message never moves backwards. */
export class IncidentMessages {
  constructor(private readonly d: IncidentMessagesDeps) {}

  async reconcile(ctx: DeliveryCtx, event: OutboxEvent): Promise<DeliveryOutcome> {
    const { ws, channel } = ctx;
    const stage = stageOfEvent(event.type);
    const gateInput = {
      sub: ctx.sub,
      ws,
      channel,
      monitor: { monitorId: event.monitorId, group: event.monitor?.group, apiTeamId: event.apiTeamId },
    };
    // An opening reads all it decides from in one round trip; a later event mostly needs only its record.
    const opening = event.type === "opened";
    const [state, openingGate] = await Promise.all([
      opening ? this.d.messages.opening(ws, channel, event.incident, event.apiTeamId) : null,
      opening ? this.d.gate(gateInput) : null,
    ]);
    const record = state ? state.record : await this.d.messages.get(ws, channel, event.incidentId);
    if (record) return this.advance(ctx, record, stage, event);

    const view = viewOf(event, null);
    const gate = openingGate ?? (await this.d.gate(gateInput));
    if (gate.kind === "muted") {
      await this.d.messages.put(ws, channel, event.incidentId, { mode: "muted", stage, view });
      return "muted";
    }
    const quietThread = gate.kind === "deliver" ? gate.quietThreadTs : undefined;
    const storm = gate.kind === "deliver" && gate.storm;
    // open() lists the incident's channel itself, together with its other writes.
    if (state && gate.kind === "deliver") return this.open(ctx, view, { quietThread, storm }, state);
    // Before anything is posted: an acknowledge from another surface redraws every channel listed.
    await this.d.messages.addIncidentChannel(ws, event.incidentId, channel, ctx.sub.id);
    if (gate.kind === "held" && this.d.windows) {
      // Remembered before the record: a crash in between holds it again on the retry, never loses it.
      await this.d.windows.hold(ws, channel, gate.window, event.incidentId, ctx.sub.id);
      await this.d.messages.put(ws, channel, event.incidentId, {
        mode: "muted",
        heldBy: gate.window.id,
        stage,
        view,
      });
      return "muted";
    }
    if (state) return this.open(ctx, view, { quietThread, storm }, state);
    // Moved on before any message was posted: the root as it is now, and a recovered one's one reply.
    const first: AlertMessageRecord = quietThread
      ? { mode: "thread", stage, view, rootOf: quietThread }
      : { mode: "root", stage, view };
    await this.attribute(ctx, first);
    const posted = await this.d.drawing.postRecord(ctx, first, null);
    if (this.d.replies.needsRecoveryReply(posted)) await this.d.replies.replyRecovered(ctx, posted);
    return "posted";
  }

  /** What a new outage past the gate decided (listing, flap and storm windows) is written, then posted. */
  private async open(
    ctx: DeliveryCtx,
    view: StoredAlertView,
    gate: { quietThread: string | undefined; storm: boolean },
    state: { monitor: MonitorAlertState; storm: StormState },
  ): Promise<DeliveryOutcome> {
    const { ws, channel } = ctx;
    const { incident, apiTeamId } = view;
    // Before anything is posted: an acknowledge from another surface redraws every channel listed.
    const listed = this.d.messages.addIncidentChannel(ws, incident.id, channel, ctx.sub.id);
    if (gate.quietThread) {
      await listed;
      await this.d.drawing.postRecord(
        ctx,
        { mode: "thread", stage: "open", view, rootOf: gate.quietThread },
        null,
      );
      return "posted";
    }
    if (!gate.storm) {
      await listed;
      await this.d.drawing.postRecord(ctx, { mode: "root", stage: "open", view }, ctx.sub.mention, {
        monitor: state.monitor,
        unmuted: true,
      });
      await this.bookEscalations(ctx, view);
      return "posted";
    }
    const { storm } = state;
    const started = startedMs(view, this.d.clock.now());
    const rules = this.rulesOf(ctx);
    const stormDecision = decideStorm(storm, incident.id, started, rules.storm);
    const flapDecision = decideFlap(state.monitor, incident.id, started, rules.flap);
    const monitor = { ...state.monitor, starts: flapDecision.starts };
    // Keyed by incident, so a redelivery rewrites the same.
    await Promise.all([
      listed,
      this.d.messages.putMonitor(ws, channel, incident.monitorId, monitor),
      stormDecision.rollup
        ? null
        : this.d.messages.putStorm(ws, channel, apiTeamId, { ...storm, opens: stormDecision.opens }),
    ]);

    if (stormDecision.rollup) {
      await this.d.messages.put(ws, channel, incident.id, { mode: "rollup", stage: "open", view });
      await this.d.rollup.joinRollup(ctx, { ...storm, opens: stormDecision.opens }, view, started);
      return "posted";
    }

    const flapping = flappingLine(flapDecision, rules.flap);
    const lastRoot = monitor.lastRoot;
    if (flapDecision.intoThread && lastRoot) {
      const record: AlertMessageRecord = { mode: "thread", stage: "open", view, rootOf: lastRoot.ts };
      await this.d.drawing.postRecord(ctx, record, null);
      await this.markRootFlapping(ctx, lastRoot.incidentId, flapping);
      return "posted";
    }
    const record: AlertMessageRecord = {
      mode: "root",
      stage: "open",
      view,
      ...(flapping ? { flapping } : {}),
    };
    await this.d.drawing.postRecord(ctx, record, ctx.sub.mention, { monitor, unmuted: true });
    await this.rootPosted(ctx, view);
    return "posted";
  }

  // Booked on every redelivery of the opening, so a crash after the post still books the steps;
  // booking again is harmless (a fired one-shot keeps its record).
  private async bookEscalations(ctx: DeliveryCtx, view: StoredAlertView): Promise<void> {
    if (ctx.sub.escalateMinutes === undefined || !this.d.escalations || view.incident.acknowledged) return;
    await this.d.escalations.schedule(ctx.sub, view.incident.id, startedMs(view, this.d.clock.now()));
  }

  /** A root was posted (or found again by a redelivery): the kinds that follow it book what they need. */
  private async rootPosted(ctx: DeliveryCtx, view: StoredAlertView): Promise<void> {
    await this.bookEscalations(ctx, view);
    await this.d.incidentHooks.rootPosted(ctx, view);
  }

  /** Moves an existing record to `stage` (never backwards), finishing an interrupted post first. */
  private async advance(
    ctx: DeliveryCtx,
    found: AlertMessageRecord,
    stage: MessageStage,
    event: OutboxEvent,
  ): Promise<DeliveryOutcome> {
    const { drawing, replies } = this.d;
    let record = found;
    let outcome: DeliveryOutcome = "unchanged";
    if ((record.mode === "root" || record.mode === "thread") && !record.ts) {
      record = await drawing.postRecord(ctx, record, record.stage === "open" ? ctx.sub.mention : null);
      outcome = "posted";
    }
    if (stage === "open" && record.mode === "root" && record.stage === "open")
      await this.rootPosted(ctx, record.view);
    if (stage === "open" && record.mode === "thread") await this.markFlapRootAgain(ctx, record);
    if (!isLaterStage(stage, record.stage)) {
      // Moved on already (an acknowledge clicked in Slack redraws before the poll sees it): the kinds that
      // follow the incident hear it now, with their own subscription; what they book is booked once.
      if (stage !== "open") await this.d.incidentHooks.incidentMoved(ctx, record);
      // An acknowledge seen only after the recovery (events handled out of order): still on the timeline.
      if (event.incident.acknowledged && record.stage !== "open" && !record.ackReplyTs) {
        const ackedBy = record.ackedBy ?? (await this.d.messages.ackedBy(ctx.ws, record.view.incident.id));
        record = await replies.replyAcknowledged(ctx, ackedBy ? { ...record, ackedBy } : record);
      }
      if (stage === "resolved" && replies.needsRecoveryReply(record)) {
        await replies.replyRecovered(ctx, record);
        return "posted";
      }
      if (record.mode === "muted") return "muted";
      return outcome;
    }
    let next: AlertMessageRecord = { ...record, stage, view: viewOf(event, record.view) };
    if (stage === "resolved") {
      // A mute until recovered ends here, recorded first so that the one recovery reply tells the thread.
      const ended = await this.d.mutes.endByRecovery(
        ctx.ws,
        ctx.channel,
        next.view.incident.monitorId,
        next.view.incident.id,
      );
      if (ended) {
        next = { ...next, muteEndedBy: ended.by ?? "" };
        await this.d.messages.put(ctx.ws, ctx.channel, next.view.incident.id, next);
      }
    }
    // Acknowledged or recovered: no step pings anyone any more (the delivery checks the stage again anyway).
    if (ctx.sub.escalateMinutes !== undefined)
      await this.d.escalations?.cancel(ctx.sub, next.view.incident.id);
    await this.d.incidentHooks.incidentMoved(ctx, next);
    await this.attribute(ctx, next);
    if (next.mode === "muted") {
      await this.d.messages.put(ctx.ws, ctx.channel, next.view.incident.id, next);
      return "muted";
    }
    if (next.ts) await drawing.updateRoot(ctx, next, next.ts);
    await this.d.messages.put(ctx.ws, ctx.channel, next.view.incident.id, next);
    // Acknowledged, or recovered after an acknowledge the poller saw only then: the timeline says so first.
    if (next.view.incident.acknowledged) next = await replies.replyAcknowledged(ctx, next);
    await this.d.rollup.refreshRollupMember(ctx, next);
    if (stage === "resolved" && replies.needsRecoveryReply(next)) await replies.replyRecovered(ctx, next);
    return outcome === "posted" ? "posted" : "updated";
  }

  private rulesOf(ctx: DeliveryCtx): { storm: WindowRules; flap: WindowRules } {
    const own = ctx.sub.rules;
    return {
      storm: own?.storm !== undefined ? { threshold: own.storm, windowMs: STORM_WINDOW_MS } : this.d.storm,
      flap: own?.flap
        ? { threshold: own.flap.count, windowMs: own.flap.windowMinutes * 60_000 }
        : this.d.flap,
    };
  }

  /** None: it was acknowledged in the Uptime app. */
  private async attribute(ctx: DeliveryCtx, record: AlertMessageRecord): Promise<void> {
    if (record.ackedBy || record.stage === "open" || !record.view.incident.acknowledged) return;
    const ackedBy = await this.d.messages.ackedBy(ctx.ws, record.view.incident.id);
    if (ackedBy) record.ackedBy = ackedBy;
  }

  /** Marked again on every redelivery, so a crash after the post leaves no root without its flap count. */
  private async markFlapRootAgain(ctx: DeliveryCtx, reply: AlertMessageRecord): Promise<void> {
    const { incident } = reply.view;
    const monitor = await this.d.messages.getMonitor(ctx.ws, ctx.channel, incident.monitorId);
    const root = monitor.lastRoot;
    // A reply in a quiet window's thread, or a monitor that has had a root of its own since: nothing to mark.
    if (!root || root.ts !== reply.rootOf) return;
    const { flap } = this.rulesOf(ctx);
    const decision = decideFlap(monitor, incident.id, startedMs(reply.view, this.d.clock.now()), flap);
    if (decision.intoThread) await this.markRootFlapping(ctx, root.incidentId, flappingLine(decision, flap));
  }

  private async markRootFlapping(
    ctx: DeliveryCtx,
    rootIncidentId: string,
    flapping: AlertMessageRecord["flapping"],
  ): Promise<void> {
    const root = await this.d.messages.get(ctx.ws, ctx.channel, rootIncidentId);
    if (!root?.ts || !flapping) return;
    // Already marked with this count or a later incident's: a redelivery changes nothing.
    if (root.flapping && root.flapping.incidents >= flapping.incidents) return;
    const next = { ...root, flapping };
    await this.d.drawing.updateRoot(ctx, next, root.ts);
    await this.d.messages.put(ctx.ws, ctx.channel, rootIncidentId, next);
  }
}

/** What a root says of its monitor's flapping (the count in the window), or nothing when it is not. */
function flappingLine(decision: FlapDecision, flap: WindowRules): AlertMessageRecord["flapping"] {
  if (!decision.flapping) return undefined;
  return { incidents: decision.count, windowMinutes: Math.round(flap.windowMs / 60_000) };
}
