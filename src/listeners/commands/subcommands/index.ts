import { dataSubcommand } from "../data-subcommand";
import type { SubcommandHandlers } from "../subcommand";
import { ackSubcommand } from "./ack-subcommand";
import { boardSubcommand } from "./board-subcommand";
import { createSubcommand } from "./create-subcommand";
import { deleteSubcommand } from "./delete-subcommand";
import { digestSubcommand } from "./digest-subcommand";
import { editSubcommand } from "./edit-subcommand";
import { helpSubcommand } from "./help-subcommand";
import { loginSubcommand } from "./login-subcommand";
import { logoutSubcommand } from "./logout-subcommand";
import { maintenanceSubcommand } from "./maintenance-subcommand";
import { muteSubcommand } from "./mute-subcommand";
import { noteSubcommand } from "./note-subcommand";
import { oncallSubcommand } from "./oncall-subcommand";
import { pageSubcommand } from "./page-subcommand";
import { pauseSubcommand } from "./pause-subcommand";
import { postmortemSubcommand } from "./postmortem-subcommand";
import { resumeSubcommand } from "./resume-subcommand";
import { runbookSubcommand } from "./runbook-subcommand";
import { subscribeSubcommand } from "./subscribe-subcommand";
import { teamSubcommand } from "./team-subcommand";
import { testSubcommand } from "./test-subcommand";
import { unmuteSubcommand } from "./unmute-subcommand";
import { unsubscribeSubcommand } from "./unsubscribe-subcommand";
import { whoamiSubcommand } from "./whoami-subcommand";

/** Which handler answers each subcommand of the parser's grammar (src/grammar). */
export const subcommandHandlers: SubcommandHandlers = {
  help: helpSubcommand,
  login: loginSubcommand,
  logout: logoutSubcommand,
  whoami: whoamiSubcommand,
  team: teamSubcommand,
  status: dataSubcommand,
  monitors: dataSubcommand,
  monitor: dataSubcommand,
  incident: dataSubcommand,
  incidents: dataSubcommand,
  ack: ackSubcommand,
  availability: dataSubcommand,
  latency: dataSubcommand,
  checks: dataSubcommand,
  locations: dataSubcommand,
  channels: dataSubcommand,
  create: createSubcommand,
  pause: pauseSubcommand,
  resume: resumeSubcommand,
  delete: deleteSubcommand,
  subscribe: subscribeSubcommand,
  unsubscribe: unsubscribeSubcommand,
  subscriptions: dataSubcommand,
  unmute: unmuteSubcommand,
  test: testSubcommand,
  digest: digestSubcommand,
  edit: editSubcommand,
  mute: muteSubcommand,
  maintenance: maintenanceSubcommand,
  page: pageSubcommand,
  oncall: oncallSubcommand,
  note: noteSubcommand,
  postmortem: postmortemSubcommand,
  runbook: runbookSubcommand,
  board: boardSubcommand,
};
