import { randomUUID } from "node:crypto";
import type { WorkspaceRef } from "../../../domain/workspace-ref";
import type { AlertMessageStore } from "../../../store/alert-message-store";
import type { OutboxStore } from "../../../store/outbox-store";
import { scheduleTarget } from "../../engine/schedules/schedule-targets";
import { type PageAnswerEvent, type PageEvent, pagePostKeys, pagesOf } from "./page-event";

export interface PageRequest {
  workspace: WorkspaceRef;
  /** The channel whose alert of the incident the page speaks in. */
  channelId: string;
  incidentId: string;
  by: string;
  users: string[];
  groups: string[];
  message?: string | undefined;
}

export type PageRequestOutcome = { kind: "paged"; pageId: string } | { kind: "no-alert" };

export interface PageAnswer {
  workspace: WorkspaceRef;
  incidentId: string;
  by: string;
  /** The page answered from its DM; absent: any page of the incident that reached `by` (an acknowledge). */
  pageId?: string | undefined;
}

export interface PageRequestsDeps {
  messages: Pick<AlertMessageStore, "incidentChannels" | "get">;
  outbox: Pick<OutboxStore, "append">;
  outboxKeyOf: (target: string) => string;
}

/**
 * A page and its answers enter the outbox like every alert event: whichever replica reads the entry posts
 * it, under the channel's lock, once. The command or the modal only appends.
 */
export function pageRequests(deps: PageRequestsDeps) {
  const append = (subscriptionId: string, event: PageEvent | PageAnswerEvent) => {
    const target = scheduleTarget("page", subscriptionId);
    return deps.outbox.append(deps.outboxKeyOf(target), target, JSON.stringify(event));
  };
  return {
    async page(request: PageRequest): Promise<PageRequestOutcome> {
      const channels = await deps.messages.incidentChannels(request.workspace, request.incidentId);
      const here = channels.find((c) => c.channelId === request.channelId);
      if (!here) return { kind: "no-alert" };
      const pageId = randomUUID();
      await append(here.subscriptionId, {
        type: "page",
        subscriptionId: here.subscriptionId,
        incidentId: request.incidentId,
        pageId,
        by: request.by,
        users: request.users,
        groups: request.groups,
        ...(request.message ? { message: request.message } : {}),
      });
      return { kind: "paged", pageId };
    },

    /** One answer event per page of the incident that reached this person, in each channel it was paged in. */
    async answered(answer: PageAnswer): Promise<number> {
      const channels = await deps.messages.incidentChannels(answer.workspace, answer.incidentId);
      let count = 0;
      for (const { channelId, subscriptionId } of channels) {
        const record = await deps.messages.get(answer.workspace, channelId, answer.incidentId);
        for (const pageId of pagesOf(record?.posts, answer.by)) {
          if (answer.pageId && pageId !== answer.pageId) continue;
          if (record?.posts?.[pagePostKeys.answer(pageId, answer.by)]?.ts) continue;
          await append(subscriptionId, {
            type: "page-answer",
            subscriptionId,
            incidentId: answer.incidentId,
            pageId,
            by: answer.by,
          });
          count++;
        }
      }
      return count;
    },
  };
}

export type PageRequests = ReturnType<typeof pageRequests>;
