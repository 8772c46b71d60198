import { z } from "zod";

/**
 * Through the outbox, so it is drawn once under that channel's lock, like any alert event. With `ackedBy`
 * an acknowledge from Slack; without, the root drawn again from its record (a note added, say).
 */
export interface RedrawEvent {
  type: "redraw";
  subscriptionId: string;
  incidentId: string;
  ackedBy?: string | undefined;
}

export const redrawEventSchema = z.object({
  type: z.literal("redraw"),
  subscriptionId: z.string().min(1),
  incidentId: z.string().min(1),
  ackedBy: z.string().min(1).max(30).optional(),
});
