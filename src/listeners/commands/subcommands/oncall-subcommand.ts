import { slackTimeZone } from "../../../slack/slack-time-zone";
import {
  findUsergroupId,
  setUsergroupMembers,
  type UsergroupRefusal,
  usergroupRefusal,
} from "../../../slack/slack-usergroups";
import {
  renderOncall,
  renderOncallGroupRefused,
  renderOncallNotSubscribed,
  renderOncallOff,
  renderOncallOverride,
  renderOncallSet,
} from "../../../ui/render-oncall";
import type { SubcommandHandler } from "../subcommand";

/** Slack refused the user group: the answer says why, and nothing was set. */
class GroupRefused extends Error {
  constructor(
    readonly reason: UsergroupRefusal,
    readonly code?: string,
  ) {
    super(`user group refused: ${reason}`);
  }
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
  const refusedBy = (error: unknown): GroupRefused | null => {
    if (error instanceof GroupRefused) return error;
    const refusal = usergroupRefusal(error);
    return refusal ? new GroupRefused(refusal.reason, refusal.code) : null;
  };
  try {
    let group: { id: string; handle: string } | undefined;
    if (command.group) {
      const id = command.group.id ?? (await findUsergroupId(client, command.group.handle));
      if (!id) throw new GroupRefused("not-found");
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
          throw refusedBy(error) ?? error;
        }
      },
    });
    await answer(
      outcome.kind === "rota" ? renderOncallSet(outcome.rota, outcome.now) : renderOncallNotSubscribed(),
    );
  } catch (error) {
    const refused = command.group ? refusedBy(error) : null;
    if (!refused || !command.group) throw error;
    deps.logger.info(
      { channel: channelId, reason: refused.reason, code: refused.code },
      "rota group refused",
    );
    await answer(renderOncallGroupRefused(refused.reason, command.group.handle, refused.code));
  }
};
