/**
 * The demo's incident record, set up through the real commands and shortcut in #ops-alerts: runbook links on
 * two monitors, the channel's live board, then one outage of Auth service that Olivia pages Rita about,
 * puts a thread reply on the incident's timeline with "Add to incident timeline", sees recover, and writes
 * the postmortem canvas of. The board changes as it breaks and recovers (chat.update, never a new post).
 */
import { ALERT_EVENT_TYPE } from "../../src/alerts/engine/alert-metadata";
import { BOARD_EVENT_TYPE } from "../../src/alerts/kinds/board/board-kind";
import { PAGE_DM_EVENT_TYPE } from "../../src/alerts/kinds/page/page-kind";
import { shortcuts } from "../../src/ui/ids";
import type { SimulatorControl } from "../simulator";
import { DemoSetupError, runCommand, waitForChange } from "./demo-setup-wait";
import type { FakeSlack } from "./fake-slack";

const OLIVIA = "U0OLIVIA";
const RITA = "U0RITA";
const OPS = "C0OPSALERTS";

/** The monitor of the scene (demo seed 6, team 1): none of the page's buttons break it first. */
export const SCENE_MONITOR = { id: 6, name: "Auth service" } as const;

/** Runbook links added by Olivia: the scheduled Payments API's alerts and the scene's show them as buttons. */
export const OPS_RUNBOOKS = [
  "runbook 7 https://runbooks.example.com/payments-api Payments runbook",
  `runbook ${SCENE_MONITOR.id} https://runbooks.example.com/auth-service Auth runbook`,
] as const;

export const SCENE_PAGE_MESSAGE = "logins are failing, can you take a look?";
export const SCENE_NOTE_TEXT = "Rolled back the token signer deploy; logins are working again.";

export interface IncidentSceneReport {
  /** The ts of #ops-alerts' board message. */
  board: string;
  /** The scene's incident, its alert root's ts, and the postmortem canvas's id. */
  incidentId: string;
  root: string;
  canvas: string;
}

export async function addOpsRunbooks(slack: FakeSlack): Promise<void> {
  for (const text of OPS_RUNBOOKS) {
    await runCommand(slack, { userId: OLIVIA, channelId: OPS, text, accepted: /Added/ });
  }
}

/** `/uptime board` in #ops-alerts: resolves with the board message's ts once it is posted. */
export async function postOpsBoard(slack: FakeSlack): Promise<string> {
  await runCommand(slack, { userId: OLIVIA, channelId: OPS, text: "board", accepted: /board is on its way/ });
  const board = await waitForChange(
    slack,
    () => slack.state.channelMessages(OPS).find((m) => m.metadata?.event_type === BOARD_EVENT_TYPE),
    "the board in #ops-alerts",
  );
  return board.ts;
}

function alertRoot(slack: FakeSlack, incidentId: string) {
  return slack.state
    .channelMessages(OPS)
    .find(
      (m) =>
        m.metadata?.event_type === ALERT_EVENT_TYPE && m.metadata.event_payload.incident_id === incidentId,
    );
}

/** Breaks the scene's monitor and walks its incident through a page, a note, its recovery and a postmortem. */
export async function playIncidentScene(
  slack: FakeSlack,
  simulator: SimulatorControl,
): Promise<Omit<IncidentSceneReport, "board">> {
  const incident = simulator.fail(SCENE_MONITOR.id, "HTTP 502 Bad Gateway");
  if (!incident) throw new DemoSetupError(`demo setup: ${SCENE_MONITOR.name} could not be broken`);
  const incidentId = incident.id;
  const root = await waitForChange(
    slack,
    () => alertRoot(slack, incidentId),
    "the Auth service alert",
    30_000,
  );

  // Page now, from the composer: the thread says who paged whom, Rita gets a DM with Acknowledge.
  await runCommand(slack, {
    userId: OLIVIA,
    channelId: OPS,
    text: `page ${incidentId} <@${RITA}|rita> -- ${SCENE_PAGE_MESSAGE}`,
    accepted: /Paged/,
  });
  const ritaDm = slack.state.openIm(RITA).conversation.id;
  await waitForChange(
    slack,
    () => slack.state.channelMessages(ritaDm).find((m) => m.metadata?.event_type === PAGE_DM_EVENT_TYPE),
    "Rita's page DM",
  );

  // A reply in the alert's thread, put on the incident's timeline with the message shortcut.
  const reply = await slack.postUserMessage({
    userId: OLIVIA,
    channelId: OPS,
    text: SCENE_NOTE_TEXT,
    threadTs: root.ts,
  });
  const asked = slack.state.ephemeralFor(OLIVIA, OPS).length;
  const shortcut = await slack.messageShortcut({
    userId: OLIVIA,
    callbackId: shortcuts.addToTimeline,
    channelId: OPS,
    messageTs: reply.ts,
  });
  if (shortcut.status !== 200)
    throw new DemoSetupError(`demo setup: Add to incident timeline answered ${shortcut.status}`);
  const added = await waitForChange(
    slack,
    () => slack.state.ephemeralFor(OLIVIA, OPS)[asked]?.text,
    "the answer to Add to incident timeline",
  );
  if (!added.includes("Added to the timeline"))
    throw new DemoSetupError(`demo setup: Add to incident timeline was refused: ${added}`);
  await waitForChange(
    slack,
    () =>
      JSON.stringify(alertRoot(slack, incidentId)?.attachments).includes("1 note on the timeline")
        ? true
        : undefined,
    "the note count on the Auth service alert",
  );

  simulator.recover(SCENE_MONITOR.id);
  await waitForChange(
    slack,
    () => (alertRoot(slack, incidentId)?.text.includes("recovered") ? true : undefined),
    "the recovery of Auth service",
    30_000,
  );
  await runCommand(slack, {
    userId: OLIVIA,
    channelId: OPS,
    text: `postmortem ${incidentId}`,
    accepted: /Wrote the postmortem canvas/,
  });
  const canvas = [...slack.state.canvases.values()].find((c) => c.markdown.includes(SCENE_NOTE_TEXT));
  if (!canvas) throw new DemoSetupError("demo setup: the postmortem canvas holds no note");
  return { incidentId, root: root.ts, canvas: canvas.id };
}
