import type { AlertKind } from "../../engine/alert-kind";
import { type DigestEvent, digestEventSchema } from "./digest-event";
import { digestSchedule } from "./digest-schedules";
import { renderDigest, renderDigestUnavailable } from "./render-digest";

/** No incident message to reconcile: it reads the API and posts under its own lock. */
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
