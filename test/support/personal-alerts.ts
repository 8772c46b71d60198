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

/** "HH:MM" of a moment, in UTC: the quiet hours setQuietHours writes are in UTC. */
export const hhmm = (at: number): string => new Date(at).toISOString().slice(11, 16);

/**
 * The API user's own quiet hours (`PATCH /users/me` as the token's user, A7), in UTC. Tests set them
 * around or away from now, since the demo seed's (22:00-07:00 in each user's zone) depend on the hour.
 */
export async function setQuietHours(stack: Stack, token: string, silentStart: string, silentEnd: string) {
  const response = await fetch(`${stack.simulator.url}/users/me`, {
    method: "PATCH",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      data: { type: "users", id: "me", attributes: { silentStart, silentEnd, timeZone: "UTC" } },
    }),
  });
  if (response.status !== 200) throw new Error(`PATCH /users/me answered ${response.status}`);
}
