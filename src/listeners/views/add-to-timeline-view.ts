import { answerUser } from "../../slack/answer-user";
import { noteMessageCodec } from "../../ui/codecs";
import { errorText } from "../../ui/error-text";
import { blocks } from "../../ui/ids";
import { renderAddNoteResult } from "../../ui/render-incident-notes";
import { viewHandler } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

/**
 * "Which incident?" submitted: the message becomes a note of the chosen incident; a refusal stays in the
 * modal next to the picker, the result goes to the person in the message's channel.
 */
export function addToTimelineView(deps: ListenerDeps) {
  return viewHandler({
    decode: ({ view }) => noteMessageCodec.decode(view.private_metadata),
    outOfDate: { block: blocks.timelineIncident, instead: "Use the shortcut on the message again." },
    run: async ({ args, value, user, ack }) => {
      const picked =
        args.view.state.values[blocks.timelineIncident]?.[blocks.timelineIncident]?.selected_option?.value;
      if (!picked) {
        await ack({ [blocks.timelineIncident]: "Pick the incident this message belongs to." });
        return;
      }
      const outcome = await deps.services.addIncidentNote(user, {
        incidentId: picked,
        text: value.text,
        message: {
          channelId: value.channelId,
          ts: value.ts,
          author: value.author,
          permalink: value.permalink,
        },
      });
      await ack();
      await answerUser(
        args.client,
        deps.logger,
        { userId: user.userId, channelId: value.channelId },
        renderAddNoteResult(outcome),
      );
    },
    errors: (error) => {
      const text = errorText(error);
      return { errors: { [blocks.timelineIncident]: text.text }, unexpected: text.unexpected };
    },
  });
}
