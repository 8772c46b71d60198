import type { AlertKind } from "../../engine/alert-kind";
import { type DigestEvent, digestEventSchema } from "./digest-event";
import { digestSchedule } from "./digest-schedules";
import { renderDigest, renderDigestUnavailable } from "./render-digest";

/**
 * A channel's daily or weekly report, fired by its schedule. It reads the API and posts under its own
 * lock (no incident message to reconcile), through the same digest delivery as `/uptime digest`.
 */
export const digestKind: AlertKind<DigestEvent> = {
  name: "digest",
  types: ["digest"],
  codec: { schema: digestEventSchema, label: "digest event" },
  gate: "digest",
  plan: ({ digests }) => ({
    inChannel: false,
    deliver: (sub, eventId, event) =>
      digests ? digests.deliverTo(sub, eventId, event) : Promise.resolve("skipped"),
  }),
  renderers: { renderDigest, renderDigestUnavailable },
  schedules: [digestSchedule],
};
