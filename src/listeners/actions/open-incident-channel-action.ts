import type { ButtonAction } from "@slack/bolt";
import { SlackApiError } from "../../slack/slack-errors";
import { incidentChannelCodec } from "../../ui/codecs";
import {
  renderIncidentChannelRefused,
  renderOpenIncidentChannelResult,
} from "../../ui/render-incident-channel-result";
import { actionHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";
import { valueOfThisChannel } from "./value-of-this-channel";

/**
 * "Open incident channel" on an alert or a storm roll-up (actions.openIncidentChannel, incidentChannelCodec): opens the incident's channel once, or answers the one already opened, to the clicker alone.
 */
export function openIncidentChannelAction(deps: ListenerDeps) {
  return actionHandler<ButtonAction, { teamId: string; channelId: string; incidentId?: string | undefined }>({
    decode: ({ body }) => valueOfThisChannel(body, incidentChannelCodec.decode(body.actions[0]?.value)),
    outOfDate: { element: "button", instead: "It belongs to an older alert: no channel was opened." },
    run: async ({ value, user, answer }) => {
      try {
        const outcome = await deps.services.openIncidentChannel(user, {
          apiTeamId: value.teamId,
          channelId: value.channelId,
          incidentId: value.incidentId,
        });
        await answer.message(renderOpenIncidentChannelResult(outcome));
      } catch (error) {
        // Slack's refusal (a scope the install lacks, a workspace rule) is the clicker's to read.
        if (!(error instanceof SlackApiError)) throw error;
        await answer.message(renderIncidentChannelRefused(error, "open"));
      }
    },
  });
}
