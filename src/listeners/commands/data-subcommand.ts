import { withoutChartNote } from "../../ui/fair-share-text";
import { type ShareableKind, withShareButton } from "../../ui/share-button";
import { attachChart } from "../charts/attach-chart";
import type { ListenerDeps } from "../listener-deps";
import { queryAnswer } from "../queries/query-answer";
import type { SubcommandRequest } from "./subcommand";

/**
 * Every subcommand that shows data (status, monitors, monitor, incidents, incident, availability, latency,
 * checks, locations, channels, subscriptions): the answer at once, ephemeral, with Share in channel; then
 * its chart under it, when it has one and the person's share of charts allows it.
 */
export async function dataSubcommand<K extends ShareableKind>(
  { command, user, channelId, respond, client }: SubcommandRequest<K>,
  deps: ListenerDeps,
): Promise<void> {
  const { answer: data, chart, shown } = await queryAnswer(command, { user, channelId }, deps);
  const answer = withShareButton(data, command, channelId, shown);
  // Past the person's share of charts the answer is the same data as text, saying when the next chart comes.
  const share = chart ? await deps.services.takeFairShare(user, "chart") : null;
  if (share && !share.ok) {
    await respond({ response_type: "ephemeral", ...withoutChartNote(answer, share.waitMs) });
    return;
  }
  await respond({ response_type: "ephemeral", ...answer });
  if (chart) {
    const personKey = [user.enterpriseId ?? "", user.teamId ?? "", user.userId].join(":");
    const req = {
      client,
      charts: deps.charts,
      userId: user.userId,
      personKey,
      answer,
      respond,
      logger: deps.logger,
    };
    await attachChart(req, chart);
  }
}
