import type { UserRef } from "../domain/workspace-ref";
import { requireAlerts, type ServiceDeps } from "./service-deps";

export interface StillOnItInput {
  subscriptionId: string;
  incidentId: string;
  /** Where the button was clicked. */
  channelId: string | undefined;
}

/**
 * Still on it under a reminder: anyone in the channel may say they are on it (it changes no alerting but
 * the next reminder's time), so no link or role is asked. "ended" when the incident has no reminders left.
 */
export async function stillOnIt(
  deps: ServiceDeps,
  ref: UserRef,
  input: StillOnItInput,
): Promise<"restarted" | "ended"> {
  return requireAlerts(deps).stillOnIt({ ...input, by: ref.userId });
}
