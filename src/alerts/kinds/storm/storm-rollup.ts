import type { Clock } from "../../../lib/clock";
import type {
  AlertMessageRecord,
  AlertMessageStore,
  StoredAlertView,
  StormState,
} from "../../../store/alert-message-store";
import type { WebLinks } from "../../../ui/web-links";
import { ROLLUP_EVENT_TYPE, rollupMatcher, rollupMetadata } from "../../engine/alert-metadata";
import type { ChannelCtx, ChannelPosting } from "../../engine/channel-posting";
import { startedMs } from "../incident/incident-drawing";
import { renderStormRollup } from "./render-storm-rollup";

export interface StormRollupDeps {
  messages: Pick<AlertMessageStore, "get" | "putStorm" | "getStorm">;
  posting: ChannelPosting;
  clock: Clock;
  webLinks: WebLinks | undefined;
}

/** Posted once and redrawn as each line moves on. */
export class StormRollup {
  constructor(private readonly d: StormRollupDeps) {}

  async joinRollup(
    ctx: ChannelCtx,
    storm: StormState,
    view: StoredAlertView,
    started: number,
  ): Promise<void> {
    const { ws, channel } = ctx;
    const current = storm.rollup;
    const live = current && Object.values(current.members).some((member) => member.stage !== "resolved");
    let rollup = live ? current : undefined;
    if (!rollup) {
      // A new storm: the incidents of the window that already have roots are listed too.
      const members: NonNullable<StormState["rollup"]>["members"] = {};
      for (const incidentId of Object.keys(storm.opens)) {
        if (incidentId === view.incident.id) continue;
        const other = await this.d.messages.get(ws, channel, incidentId);
        if (other && other.mode !== "muted" && other.stage !== "resolved") {
          members[incidentId] = { view: other.view, stage: other.stage };
        }
      }
      rollup = { id: `${ctx.eventId}:${view.apiTeamId}`, lastOpenAt: started, members };
    }
    rollup = {
      ...rollup,
      lastOpenAt: Math.max(rollup.lastOpenAt, started),
      members: { ...rollup.members, [view.incident.id]: { view, stage: "open" } },
    };
    const next = { ...storm, rollup };
    await this.d.messages.putStorm(ws, channel, view.apiTeamId, next);
    await this.drawRollup(ctx, view.apiTeamId, next);
  }

  /** Keeps a roll-up line in step with its incident's record (acknowledged, recovered). */
  async refreshRollupMember(ctx: ChannelCtx, record: AlertMessageRecord): Promise<void> {
    const { ws, channel } = ctx;
    const apiTeamId = record.view.apiTeamId;
    const storm = await this.d.messages.getStorm(ws, channel, apiTeamId);
    const member = storm.rollup?.members[record.view.incident.id];
    if (!storm.rollup || !member) return;
    const next: StormState = {
      ...storm,
      rollup: {
        ...storm.rollup,
        members: {
          ...storm.rollup.members,
          [record.view.incident.id]: { view: record.view, stage: record.stage },
        },
      },
    };
    await this.d.messages.putStorm(ws, channel, apiTeamId, next);
    await this.drawRollup(ctx, apiTeamId, next);
  }

  private async drawRollup(ctx: ChannelCtx, apiTeamId: string, storm: StormState): Promise<void> {
    const rollup = storm.rollup;
    if (!rollup) return;
    const members = Object.values(rollup.members);
    const down = members
      .filter((member) => member.stage !== "resolved")
      .sort((a, b) => startedMs(a.view, 0) - startedMs(b.view, 0))
      .map((member) => ({
        monitor: member.view.monitor,
        incident: member.view.incident,
        acknowledged: member.stage === "acknowledged",
      }));
    const counts = members.map((member) => member.view.teamMonitorCount ?? 0);
    const rendered = renderStormRollup({
      apiTeamId,
      channelId: ctx.channel,
      teamName: members.find((member) => member.view.teamName)?.view.teamName ?? null,
      down,
      teamMonitorCount: counts.length > 0 && Math.max(...counts) > 0 ? Math.max(...counts) : null,
      resolvedCount: members.length - down.length,
      links: this.d.webLinks,
      now: this.d.clock.now(),
    });
    if (rollup.ts) {
      await this.d.posting.update(ctx, { channel: ctx.channel, ts: rollup.ts, ...rendered });
      return;
    }
    const { ws, channel } = ctx;
    const { ts } = await this.d.posting.postOnce(ctx, {
      attempt: rollup.attempt,
      eventType: ROLLUP_EVENT_TYPE,
      matcher: rollupMatcher(rollup.id, channel),
      saveAttempt: (attempt) =>
        this.d.messages.putStorm(ws, channel, apiTeamId, { ...storm, rollup: { ...rollup, attempt } }),
      message: { channel, ...rendered, metadata: rollupMetadata(rollup.id, channel) },
    });
    await this.d.messages.putStorm(ws, channel, apiTeamId, { ...storm, rollup: { ...rollup, ts } });
  }
}
