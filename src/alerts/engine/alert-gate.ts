import { inQuietHours } from "../../domain/quiet-hours";
import type { WorkspaceRef } from "../../domain/workspace-ref";
import type { Clock } from "../../lib/clock";
import type { StoredAlertView } from "../../store/alert-message-store";
import type { MaintenanceStore, MaintenanceWindow } from "../../store/maintenance-store";
import type { MuteStore } from "../../store/mute-store";
import type { Subscription } from "../../store/subscription-store";

/** `follow-up`: a later reply in an incident's thread of one's own (a personal subscription's step). */
export type GateKind =
  | "outage"
  | "slow"
  | "escalation"
  | "follow-up"
  | "incident-channel"
  | "digest"
  | "page";

/** What one check does to a kind: it stops (holds) the message, or the kind is exempt from it. */
export interface AlertGateRules {
  mute: "hold" | "exempt";
  /** A planned quiet window of the channel covering the monitor, of the same API team. */
  maintenance: "hold" | "exempt";
  /** A personal subscription in its person's quiet hours: `thread` posts quietly in the summary's thread. */
  quietHours: "thread" | "exempt";
  /** The storm roll-up and flap thread (alert-rules.ts) decide where the message goes. */
  storm: "apply" | "exempt";
}

// An outage waits out a mute or window; a slow alert (no incident) and an escalation are dropped then; an
// incident channel was opened on purpose and a digest reports a period, so nothing holds either.
export const ALERT_GATE_RULES: Readonly<Record<GateKind, AlertGateRules>> = {
  outage: { mute: "hold", maintenance: "hold", quietHours: "thread", storm: "apply" },
  slow: { mute: "hold", maintenance: "hold", quietHours: "thread", storm: "exempt" },
  escalation: { mute: "hold", maintenance: "hold", quietHours: "thread", storm: "exempt" },
  "follow-up": { mute: "hold", maintenance: "hold", quietHours: "thread", storm: "exempt" },
  "incident-channel": { mute: "exempt", maintenance: "exempt", quietHours: "exempt", storm: "exempt" },
  digest: { mute: "exempt", maintenance: "exempt", quietHours: "exempt", storm: "exempt" },
  // Someone pulled people in by hand: a mute or a window of the channel must not swallow that.
  page: { mute: "exempt", maintenance: "exempt", quietHours: "exempt", storm: "exempt" },
};

export interface AlertGateDeps {
  mutes: Pick<MuteStore, "mutedUntil">;
  windows?: Pick<MaintenanceStore, "covering"> | undefined;
  clock: Clock;
}

export interface AlertGateInput {
  kind: GateKind;
  /** Absent where the delivery has none at hand (a feed followed after a click): no quiet hours then. */
  sub?: Subscription | undefined;
  ws: WorkspaceRef;
  channel: string;
  /** The monitor the message is about; none (a digest) passes the checks that need one. */
  monitor?: { monitorId: string; group: string | null | undefined; apiTeamId: string } | undefined;
}

export type AlertGateDecision =
  | { kind: "muted" }
  | { kind: "held"; window: MaintenanceWindow }
  | {
      kind: "deliver";
      /** Post as a quiet reply in this thread (a person's quiet hours), never broadcast. */
      quietThreadTs?: string;
      storm: boolean;
    };

/** The gate of a kind's declared row, as the engine lends it; `as` names another row (a follow-up). */
export type Gate = (input: Omit<AlertGateInput, "kind">, as?: GateKind) => Promise<AlertGateDecision>;

/** The monitor of a stored alert, as the gate reads it. */
export function gatedMonitor(view: StoredAlertView): NonNullable<AlertGateInput["monitor"]> {
  return { monitorId: view.incident.monitorId, group: view.monitor?.group, apiTeamId: view.apiTeamId };
}

export function escalationKindOf(sub: Subscription): GateKind {
  return sub.personal ? "follow-up" : "escalation";
}

/** Mute, then a window of the monitor's own API team, then quiet hours, then storm, as the kind declares. */
export async function gateAlert(deps: AlertGateDeps, input: AlertGateInput): Promise<AlertGateDecision> {
  const rules = ALERT_GATE_RULES[input.kind];
  const { ws, channel, monitor } = input;
  if (rules.mute === "hold" && monitor) {
    if ((await deps.mutes.mutedUntil(ws, channel, monitor.monitorId)) !== null) return { kind: "muted" };
  }
  if (rules.maintenance === "hold" && monitor && deps.windows) {
    const window = await deps.windows.covering(ws, channel, monitor);
    if (window) return { kind: "held", window };
  }
  const quietThreadTs =
    rules.quietHours === "thread" && input.sub ? quietThreadOf(input.sub, deps.clock.now()) : undefined;
  return {
    kind: "deliver",
    ...(quietThreadTs ? { quietThreadTs } : {}),
    // In the quiet thread each alert stands on its own: no roll-up or flap thread to post at the top.
    storm: rules.storm === "apply" && !quietThreadTs,
  };
}

/** A thread reply without broadcast or mention notifies nobody (Slack has no silent post). */
function quietThreadOf(sub: Subscription, now: number): string | undefined {
  const personal = sub.personal;
  if (!personal?.quiet || !personal.threadTs) return undefined;
  return inQuietHours(personal.quiet, now) ? personal.threadTs : undefined;
}
