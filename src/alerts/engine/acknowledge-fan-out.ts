import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { AlertMessageStore } from "../../store/alert-message-store";
import type { OutboxStore } from "../../store/outbox-store";
import type { RedrawEvent } from "../kinds/redraw/redraw-event";
import { scheduleTarget } from "./schedules/schedule-targets";

export interface AcknowledgeFanOutDeps {
  messages: Pick<AlertMessageStore, "incidentChannels">;
  outbox: Pick<OutboxStore, "append">;
  outboxKeyOf: (target: string) => string;
}

// One redraw entry per other channel, so each shows the acknowledge (or, without ackedBy, whatever else
// changed on its record's drawing) at once, under its lock with retries.
export async function fanOutAcknowledge(
  deps: AcknowledgeFanOutDeps,
  ack: {
    workspace: WorkspaceRef;
    incidentId: string;
    ackedBy?: string | undefined;
    except?: string | undefined;
  },
): Promise<number> {
  const channels = await deps.messages.incidentChannels(ack.workspace, ack.incidentId);
  const others = channels.filter((c) => c.channelId !== ack.except);
  await Promise.all(
    others.map(({ subscriptionId }) => {
      const target = scheduleTarget("redraw", subscriptionId);
      const event: RedrawEvent = {
        type: "redraw",
        subscriptionId,
        incidentId: ack.incidentId,
        ...(ack.ackedBy ? { ackedBy: ack.ackedBy } : {}),
      };
      return deps.outbox.append(deps.outboxKeyOf(target), target, JSON.stringify(event));
    }),
  );
  return others.length;
}
