import type { WebClient } from "@slack/web-api";
import type { DigestCadence } from "../domain/digest-cadences";
import type { UserRef } from "../domain/workspace-ref";
import { slackTimeZone } from "../slack/slack-time-zone";
import { announceSubscription } from "./announce-subscription";
import { appDmOf } from "./app-dm";
import type { ListenerDeps } from "./listener-deps";

export interface PersonalFilters {
  /** Monitor ids as `#<id>`, or names. */
  monitors: readonly string[];
  groups: readonly string[];
  digest?: DigestCadence | undefined;
  escalateMinutes?: number | undefined;
  remindMinutes?: number | undefined;
  storm?: number | undefined;
}

/**
 * Turns on (or saves) the person's own alerts from App Home through the subscribe service, as `/uptime
 * subscribe` in the app's DM did: the subscription's channel is their DM with the app (conversations.open
 * gives its id), the summary is posted there and opens the thread of the quiet hours. Every check (linked,
 * member of the team, role) is the service's.
 */
export async function subscribePersonally(
  client: WebClient,
  deps: ListenerDeps,
  user: UserRef,
  filters: PersonalFilters,
) {
  const [channelId, timeZone] = await Promise.all([
    appDmOf(client, user.userId),
    // The Slack zone stands in for quiet hours without a zone, and sets the digest's 09:00.
    slackTimeZone(client, user.userId, deps.logger),
  ]);
  return deps.services.subscribe(
    user,
    {
      channelId,
      monitors: filters.monitors,
      groups: filters.groups,
      digest: filters.digest ? { cadence: filters.digest, timeZone } : undefined,
      escalateMinutes: filters.escalateMinutes,
      options: filters.remindMinutes !== undefined ? { remind: filters.remindMinutes } : undefined,
      rules: filters.storm !== undefined ? { storm: filters.storm } : undefined,
      personal: { slackTimeZone: timeZone },
    },
    (preview) => announceSubscription(client, deps, preview),
  );
}
