import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { AlertMessageStore } from "../../store/alert-message-store";
import type { OutboxStore } from "../../store/outbox-store";
import type { RedrawEvent } from "../kinds/redraw/redraw-event";
import { scheduleTarget } from "./schedules/schedule-targets";

export interface AcknowledgeFanOutDeps {
  messages: Pick<AlertMessageStore, "incidentChannels">;
  outbox: Pick<OutboxStore, "append">;
  /** The outbox stream of a target's shard (poll-target-store.ts). */
  outboxKeyOf: (target: string) => string;
}

/**
 * An acknowledge from any Slack surface reaches every channel's message of the incident at once,
 * not at the next incident read (up to 30 s): one redraw entry per channel in the outbox, so that the
 * delivery workers draw it once under that channel's lock, with retries, whichever replica took the
 * acknowledge. `except` is the clicked message's channel, redrawn by the click itself. Returns how many.
 */
export async function fanOutAcknowledge(
  deps: AcknowledgeFanOutDeps,
  ack: { workspace: WorkspaceRef; incidentId: string; ackedBy: string; except?: string | undefined },
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
        ackedBy: ack.ackedBy,
      };
      return deps.outbox.append(deps.outboxKeyOf(target), target, JSON.stringify(event));
    }),
  );
  return others.length;
}
