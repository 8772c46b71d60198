import { escalationStepsOf } from "../domain/escalation-steps";
import { matchesFilters } from "../domain/subscription-filters";
import { isTestIncidentId } from "../domain/test-alert-id";
import { type UserRef, workspaceOf } from "../domain/workspace-ref";
import type { Subscription } from "../store/subscription-store";
import type { Monitor } from "../uptime";
import { requireCurrentMember, requireLinked } from "./alerts-permission";
import { NotSubscribedHereError, StaleLinkError } from "./errors";
import { requireAlerts, type ServiceDeps } from "./service-deps";

export type TestAlertOutcome =
  /** `steps`: the subscription's `--escalate` steps, run at test speed (a second for each minute). */
  | { kind: "posting"; monitorName: string; steps: number }
  /** Every subscription of the channel is paused: nothing would be posted, so nothing is booked. */
  | { kind: "paused" };

/**
 * `/uptime test`: a sample outage of one of the subscription's real monitors, posted in the channel by
 * the alert engine. The monitor is read with the subscription's own token (the one its polls use), so that
 * it is one the channel would be alerted about; nothing is written to the API. It needs the role table's
 * `test-alert` row in the subscribed team.
 */
export async function testAlert(
  deps: ServiceDeps,
  ref: UserRef,
  input: { channelId: string },
): Promise<TestAlertOutcome> {
  const alerts = requireAlerts(deps);
  const subs = await alerts.subscriptions.listByChannel(workspaceOf(ref), input.channelId);
  if (subs.length === 0) throw new NotSubscribedHereError("test");
  const link = await requireLinked(deps, ref, "acknowledge");
  // A paused subscription posts nothing: one that works shows what the channel will get.
  const sub = subs.find((s) => !s.paused) ?? subs[0]!;
  await requireCurrentMember(deps, ref, link, { id: sub.apiTeamId, name: null }, "test-alert");
  if (sub.paused) return { kind: "paused" };
  const monitor = await sampleMonitor(deps, sub);
  await alerts.testAlert({ subscription: sub, monitor });
  return { kind: "posting", monitorName: monitor.name, steps: escalationStepsOf(sub).length };
}

/** The first monitor on the team's first page that the subscription's filters let through, up ones first. */
async function sampleMonitor(deps: ServiceDeps, sub: Subscription): Promise<Monitor> {
  const token = await deps.links.getToken({ ...sub.workspace, userId: sub.subscriber.userId });
  if (!token) throw new StaleLinkError();
  const api = deps.uptime.as(token);
  const page = await api.teams.monitors(sub.apiTeamId);
  const covered = page.items.filter((m) => matchesFilters(sub.filters, { monitorId: m.id, monitor: m }));
  // One that is up: a real alert of it open in the channel keeps the monitor's place (its Mute redraw).
  const found =
    covered.find((m) => !m.paused && m.state === "up") ?? covered.find((m) => !m.paused) ?? covered[0];
  if (found) return found;
  // Filtered on a monitor past the first page: read it by its id.
  const named = sub.filters.monitors[0];
  if (named) return api.monitors.get(named);
  throw new NotSubscribedHereError("test");
}

/**
 * Acknowledge on a test alert, or in the DM of a page about one: the redraw through the engine, and no call
 * to the API. From a DM (no alert channel at hand) the test alert's one channel is found in the store.
 */
export async function acknowledgeTestAlert(
  deps: ServiceDeps,
  ref: UserRef,
  input: { incidentId: string; channelId: string | undefined; fromPage?: boolean | undefined },
): Promise<"acknowledged" | "gone"> {
  const alerts = requireAlerts(deps);
  const ws = workspaceOf(ref);
  if (!isTestIncidentId(input.incidentId)) return "gone";
  const channelId = input.fromPage
    ? (await alerts.messages.incidentChannels(ws, input.incidentId))[0]?.channelId
    : input.channelId;
  if (!channelId) return "gone";
  const record = await alerts.messages.get(ws, channelId, input.incidentId);
  if (record?.stage !== "open") return "gone";
  const link = await requireLinked(deps, ref, "acknowledge");
  await requireCurrentMember(deps, ref, link, { id: record.view.apiTeamId, name: null }, "test-alert");
  await alerts.acknowledged({ workspace: ws, incidentId: input.incidentId, ackedBy: ref.userId, channelId });
  // A paged person who acknowledged answered the page, as on a real alert.
  await alerts.pageAnswered({ workspace: ws, incidentId: input.incidentId, by: ref.userId });
  return "acknowledged";
}
