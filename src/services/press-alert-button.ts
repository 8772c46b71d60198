import { roleRow } from "../domain/alerting-roles";
import type { UserRef } from "../domain/workspace-ref";
import { requireCurrentMember, requireLinked } from "./alerts-permission";
import { requireAlerts, type ServiceDeps } from "./service-deps";

export interface AlertButtonInput {
  actionId: string;
  /** The button's value as Slack sends it back. */
  value: string | undefined;
  /** Where it was clicked: a button counts only in its subscription's channel (a copy does nothing). */
  channelId: string | undefined;
}

export type AlertButtonOutcome =
  | { kind: "answered"; text: string }
  | { kind: "out-of-date"; instead: string };

/**
 * A button of an alert kind's message: a linked account, then the role table's row the button declares in
 * the subscription's API team (as the API asks for an acknowledge), then the kind's own use case.
 */
export async function pressAlertButton(
  deps: ServiceDeps,
  ref: UserRef,
  input: AlertButtonInput,
): Promise<AlertButtonOutcome> {
  const alerts = requireAlerts(deps);
  const click = alerts.buttons.decode(input.actionId, input.value);
  if (click === null) return { kind: "out-of-date", instead: "" };
  if ("outOfDate" in click) return { kind: "out-of-date", instead: click.outOfDate };
  const link = await requireLinked(deps, ref, roleRow(click.role).change);
  const found = await alerts.subscriptions.get(click.subscriptionId);
  const sub = found && found.channelId === input.channelId ? found : null;
  if (sub) {
    const name = link.teams.find((t) => t.id === sub.apiTeamId)?.name ?? null;
    await requireCurrentMember(deps, ref, link, { id: sub.apiTeamId, name }, click.role);
  }
  return { kind: "answered", text: await alerts.buttons.press(click, sub, ref.userId) };
}
