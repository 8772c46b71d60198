import { sameSlowRule } from "../../../domain/slow-rule";
import { matchesFilters } from "../../../domain/subscription-filters";
import type { AlertKind } from "../../engine/alert-kind";
import { slowDetector } from "./detector";
import { renderSlowAlert } from "./render-slow-alert";
import { type SlowEvent, slowEventSchema } from "./slow-event";
import { SlowMessages } from "./slow-messages";

/** Only a new one passes the gate; its later phases follow the message. */
export const slowKind: AlertKind<SlowEvent> = {
  name: "slow",
  types: ["slow"],
  codec: { schema: slowEventSchema, label: "slow event" },
  gate: "slow",
  detector: slowDetector,
  plan(engine) {
    const slow = new SlowMessages(engine);
    return {
      inChannel: true,
      failure: "slow alert failed; it is retried",
      counted: true,
      accepts: (sub, event) =>
        sameSlowRule(sub.slow, event.rule) &&
        (event.phase !== "slow" ||
          matchesFilters(sub.filters, { monitorId: event.monitorId, monitor: event.monitor })),
      async deliver(ctx, event) {
        if (event.phase !== "slow") return slow.deliver(ctx, event, undefined);
        const gate = await engine.gate({
          sub: ctx.sub,
          ws: ctx.ws,
          channel: ctx.channel,
          monitor: { monitorId: event.monitorId, group: event.monitor?.group, apiTeamId: event.apiTeamId },
        });
        if (gate.kind !== "deliver") return "muted";
        return slow.deliver(ctx, event, gate.quietThreadTs);
      },
    };
  },
  renderers: { renderSlowAlert },
};
