import { actions, blocks } from "../../src/ui/ids";
import type { Stack } from "./e2e-stack";
import { textOf } from "./text-of";
import { waitFor } from "./wait-for";

/**
 * Turns a person's own alerts on as they would in a real workspace (issue 33): they open the app's Home
 * tab (app_home_opened) and press "Turn on" in "Your alerts". The app's Messages tab is read-only, so no
 * command can be typed in its DM. Resolves with the DM's id once the summary is posted there.
 */
export async function turnOnPersonalAlerts(stack: Stack, userId: string): Promise<string> {
  const { state, sender, events } = stack.slack;
  const dm = state.openIm(userId).conversation.id;
  const before = state.channelMessages(dm).length;
  await sender.event({ type: "app_home_opened", user: userId, channel: dm, tab: "home" });
  const home = await waitFor(events, () => {
    const view = state.homeViews.get(userId);
    return view && JSON.stringify(view.blocks).includes(`"${actions.personalAlertsOn}"`) ? view : undefined;
  });
  await sender.blockAction({
    userId,
    container: { type: "view", viewId: home.id },
    actions: [{ action_id: actions.personalAlertsOn, block_id: blocks.homePersonalAlerts }],
  });
  await waitFor(events, () =>
    state
      .channelMessages(dm)
      .slice(before)
      .find((m) => textOf(m).startsWith("🔔 Your personal alerts")),
  );
  return dm;
}
