import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from "@slack/bolt";
import type { UserRef } from "../../domain/workspace-ref";
import { userRefFrom } from "../../slack/user-ref";
import { tryEncode } from "../../ui/codec";
import { noteMessageCodec } from "../../ui/codecs";
import { renderAddNoteResult } from "../../ui/render-incident-notes";
import { renderTimelinePicker, type TimelineChoice } from "../../ui/render-timeline-picker";
import { answerByRespond } from "../answer";
import { answerFailure } from "../handle-interaction";
import type { ListenerDeps } from "../listener-deps";

type Args = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

/**
 * The message shortcut "Add to incident timeline": on an alert's root or in its thread, or in an incident
 * channel, the message becomes a note of that incident at once; anywhere else (or in the channel of several
 * incidents) a modal asks which one, listing the channel's open and recent incidents (those alerted there).
 */
export function addToTimelineShortcut(deps: ListenerDeps) {
  return async (args: Args) => {
    const { ack, shortcut, client, context } = args;
    await ack();
    const user = userRefFrom(context, shortcut.user.id);
    const answer = answerByRespond(args.respond);
    const message = shortcut.message;
    const channelId = shortcut.channel.id;
    try {
      const incidents = await deps.services.incidentsOfMessage(user, {
        channelId,
        ts: message.ts,
        threadTs: typeof message.thread_ts === "string" ? message.thread_ts : undefined,
      });
      const permalink = await permalinkOf(args, channelId, message.ts);
      const source = {
        channelId,
        ts: message.ts,
        author: typeof message.user === "string" ? message.user : undefined,
        permalink,
      };
      const text = typeof message.text === "string" ? message.text : "";
      if (incidents.length === 1) {
        const outcome = await deps.services.addIncidentNote(user, {
          incidentId: incidents[0]!,
          text,
          message: source,
        });
        await answer.message(renderAddNoteResult(outcome));
        return;
      }
      const choices = await choicesFor(deps, user, channelId, incidents);
      await client.views.open({
        trigger_id: shortcut.trigger_id,
        view: renderTimelinePicker({ choices, metadata: metadataOf(source, text) }),
      });
    } catch (error) {
      await answerFailure(answer, error);
    }
  };
}

/** The message's permalink, or none: a note is worth keeping without its link. */
async function permalinkOf(args: Args, channel: string, ts: string): Promise<string | undefined> {
  try {
    const result = await args.client.chat.getPermalink({ channel, message_ts: ts });
    return typeof result.permalink === "string" && result.permalink.startsWith("https://")
      ? result.permalink
      : undefined;
  } catch {
    return undefined;
  }
}

/** An incident channel's own incidents first (one of several), then those alerted in the channel. */
async function choicesFor(
  deps: ListenerDeps,
  user: UserRef,
  channelId: string,
  known: readonly string[],
): Promise<TimelineChoice[]> {
  const listed = await deps.services.channelIncidentChoices(user, { channelId });
  const extra = known
    .filter((id) => !listed.some((c) => c.incidentId === id))
    .map((id) => ({ incidentId: id, monitorName: null, open: true }));
  return [...extra, ...listed];
}

/** The message as the modal carries it, its text cut until it fits private_metadata. */
function metadataOf(
  source: { channelId: string; ts: string; author?: string | undefined; permalink?: string | undefined },
  text: string,
): string {
  let cut = text.slice(0, 2_900);
  for (;;) {
    const encoded = tryEncode(noteMessageCodec, {
      channelId: source.channelId,
      ts: source.ts,
      ...(source.author ? { author: source.author } : {}),
      ...(source.permalink ? { permalink: source.permalink } : {}),
      text: cut,
    });
    if (encoded !== undefined || cut === "") return encoded ?? "";
    cut = cut.slice(0, Math.floor(cut.length * 0.8));
  }
}
