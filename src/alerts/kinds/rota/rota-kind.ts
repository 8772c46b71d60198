import { onCallAt } from "../../../domain/oncall-rota";
import type { RotaHandoverState, StoredRota } from "../../../store/rota-store";
import type { AlertKind } from "../../engine/alert-kind";
import { renderHandoverDm, renderHandoverNote } from "./render-handover";
import type { RotaHandoverEvent } from "./rota-event";
import { rotaHandoverEventSchema } from "./rota-event";
import { rotaHandoverSchedule } from "./rota-schedule";

/** The metadata event type of a handover note: a retry finds this period's note before posting again. */
export const ROTA_HANDOVER_EVENT_TYPE = "uptime_rota_handover";

/**
 * `/uptime oncall set`: at each handover the channel's user group (`--group`) is set to the incoming
 * person, the channel gets one short note and the person one DM. The rota in the store is the truth (an
 * override or a new rota since the booking wins); a handover that changes nobody says nothing.
 */
export const rotaKind: AlertKind<RotaHandoverEvent> = {
  name: "rota",
  types: ["rota-handover"],
  codec: { schema: rotaHandoverEventSchema, label: "rota handover event" },
  // A handover is no alert: mutes, windows and quiet hours are about monitors, not about people.
  gate: null,
  plan(engine) {
    const { rotas, logger } = engine;
    return {
      inChannel: true,
      failure: "rota handover failed; it is retried",
      counted: false,
      accepts: (sub, event) => sub.id === event.subscriptionId,
      async deliver(ctx, event) {
        if (!rotas) return "skipped";
        const { ws, channel, poster } = ctx;
        const rota = await rotas.get(ws, channel);
        // Turned off, or set again through another subscription since this was booked.
        if (!rota || rota.subscriptionId !== ctx.sub.id) return "skipped";
        const at = Number(event.period);
        const now = onCallAt(rota, at);
        const last = rota.handover;
        if (last?.period !== event.period && last?.user === now.user) {
          await rotas.put(ws, channel, {
            ...rota,
            handover: { period: event.period, user: now.user, dm: true },
          });
          return "skipped";
        }
        let state: RotaHandoverState =
          last?.period === event.period ? last : { period: event.period, user: now.user };
        const save = async (next: RotaHandoverState) => {
          const latest: StoredRota = (await rotas.get(ws, channel)) ?? rota;
          await rotas.put(ws, channel, { ...latest, handover: next });
          state = next;
        };
        const input = { ...now, channelId: channel, group: rota.group };
        if (rota.group && poster.setUsergroupMembers && !state.ts) {
          // Setting the same members again is harmless, so a retry may; a refusal leaves the note to say it.
          try {
            await poster.setUsergroupMembers(rota.group.id, [now.user]);
          } catch (error) {
            logger.warn(
              { err: error, channel, group: rota.group.id },
              "rota could not update its user group",
            );
          }
        }
        if (!state.ts) {
          const note = renderHandoverNote(input);
          const { ts } = await engine.posting.postOnce(ctx, {
            attempt: state.attempt,
            eventType: ROTA_HANDOVER_EVENT_TYPE,
            matcher: (payload) => payload.channel === channel && payload.period === event.period,
            saveAttempt: (attempt) => save({ ...state, attempt }),
            message: {
              channel,
              ...note,
              metadata: {
                event_type: ROTA_HANDOVER_EVENT_TYPE,
                event_payload: { channel, period: event.period, event_id: ctx.eventId },
              },
            },
          });
          await save({ ...state, ts });
        }
        if (!state.dm) {
          // Recorded before it is sent: a crash in between loses this DM rather than sending it twice.
          await save({ ...state, dm: true });
          try {
            await poster.postDirectMessage(now.user, renderHandoverDm(input));
          } catch (error) {
            logger.warn({ err: error, channel, user: now.user }, "rota handover DM failed");
          }
        }
        engine.metrics.delivery("posted");
        return "posted";
      },
    };
  },
  renderers: { renderHandoverNote, renderHandoverDm },
  schedules: [rotaHandoverSchedule],
};
