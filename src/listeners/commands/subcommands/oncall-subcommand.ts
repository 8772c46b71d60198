import { SlackApiError } from "../../../slack/slack-errors";
import { slackTimeZone } from "../../../slack/slack-time-zone";
import { findUsergroupId, setUsergroupMembers } from "../../../slack/slack-usergroups";
import {
  renderOncall,
  renderOncallGroupRefused,
  renderOncallNotSubscribed,
  renderOncallOff,
  renderOncallOverride,
  renderOncallSet,
} from "../../../ui/render-oncall";
import type { SubcommandHandler } from "../subcommand";

/** Slack's refusals of a user group change, as the answer names them. */
class GroupRefused extends Error {
  constructor(
    readonly reason: "missing_scope" | "not_found" | "paid_only" | "other",
    readonly code?: string,
  ) {
    super(`user group refused: ${reason}`);
  }
}

function groupRefusal(error: unknown): GroupRefused {
  if (error instanceof GroupRefused) return error;
  if (!(error instanceof SlackApiError)) throw error;
  if (error.code === "missing_scope" || error.code === "not_allowed_token_type")
    return new GroupRefused("missing_scope");
  if (error.code === "paid_teams_only" || error.code === "plan_upgrade_required")
    return new GroupRefused("paid_only");
  if (error.code === "no_such_subteam" || error.code === "subteam_not_found")
    return new GroupRefused("not_found");
  return new GroupRefused("other", error.code);
}

/**
 * `/uptime oncall [set ... | override @b 4h | off]`: the channel's rota. The answers are the caller's
 * alone; the channel hears of each handover (the rota kind's note). `--at` is read in the setter's own Slack
 * time zone; `--group` is changed through Slack first, so a refusal leaves everything as it was.
 */
export const oncallSubcommand: SubcommandHandler<"oncall"> = async (
  { command, user, channelId, respond, client },
  deps,
) => {
  const answer = (rendered: Parameters<typeof respond>[0] & object) =>
    respond({ response_type: "ephemeral", ...rendered });
  if (command.action === "show") {
    const outcome = await deps.services.showOncall(user, channelId);
    await answer(renderOncall(outcome.kind === "rota" ? outcome.rota : null, deps.clock.now()));
    return;
  }
  if (command.action === "off") {
    const outcome = await deps.services.turnOncallOff(user, channelId);
    await answer(
      outcome.kind === "not-subscribed"
        ? renderOncallNotSubscribed()
        : renderOncallOff(outcome.kind === "off"),
    );
    return;
  }
  if (command.action === "override") {
    const outcome = await deps.services.overrideOncall(user, {
      channelId,
      user: command.user,
      minutes: command.minutes,
    });
    if (outcome.kind === "rota") await answer(renderOncallOverride(outcome.rota, outcome.now));
    else await answer(outcome.kind === "no-rota" ? renderOncall(null, 0) : renderOncallNotSubscribed());
    return;
  }
  const timeZone = await slackTimeZone(client, user.userId, deps.logger);
  let group: { id: string; handle: string } | undefined;
  try {
    if (command.group) {
      const id = command.group.id ?? (await findUsergroupId(client, command.group.handle));
      if (!id) throw new GroupRefused("not_found");
      group = { id, handle: command.group.handle };
    }
    const outcome = await deps.services.setOncall(user, {
      channelId,
      people: command.people,
      everyDays: command.everyDays,
      at: command.at,
      timeZone,
      group,
      applyGroup: async (g, onCall) => {
        try {
          await setUsergroupMembers(client, g.id, [onCall]);
        } catch (error) {
          throw groupRefusal(error);
        }
      },
    });
    await answer(
      outcome.kind === "rota" ? renderOncallSet(outcome.rota, outcome.now) : renderOncallNotSubscribed(),
    );
  } catch (error) {
    if (!command.group || !(error instanceof GroupRefused || error instanceof SlackApiError)) throw error;
    const refused = groupRefusal(error);
    deps.logger.info(
      { channel: channelId, reason: refused.reason, code: refused.code },
      "rota group refused",
    );
    await answer(renderOncallGroupRefused(refused.reason, command.group.handle, refused.code));
  }
};
