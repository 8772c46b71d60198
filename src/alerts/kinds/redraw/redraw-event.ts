import { z } from "zod";

/**
 * An acknowledge made in Slack (any surface), to be drawn in one more channel's message of the incident
 *: appended to the outbox by the replica that took the acknowledge, delivered once by the
 * delivery workers under that channel's lock, like any alert event.
 */
export interface RedrawEvent {
  type: "redraw";
  subscriptionId: string;
  incidentId: string;
  /** The Slack user who acknowledged. */
  ackedBy: string;
}

export const redrawEventSchema = z.object({
  type: z.literal("redraw"),
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  ackedBy: z.string().min(1).max(30),
});
