import type { SubcommandHandlers } from "../subcommand";
import { ackSubcommand } from "./ack-subcommand";
import { availabilitySubcommand } from "./availability-subcommand";
import { channelsSubcommand } from "./channels-subcommand";
import { checksSubcommand } from "./checks-subcommand";
import { createSubcommand } from "./create-subcommand";
import { deleteSubcommand } from "./delete-subcommand";
import { digestSubcommand } from "./digest-subcommand";
import { editSubcommand } from "./edit-subcommand";
import { helpSubcommand } from "./help-subcommand";
import { incidentSubcommand } from "./incident-subcommand";
import { incidentsSubcommand } from "./incidents-subcommand";
import { latencySubcommand } from "./latency-subcommand";
import { locationsSubcommand } from "./locations-subcommand";
import { loginSubcommand } from "./login-subcommand";
import { logoutSubcommand } from "./logout-subcommand";
import { monitorSubcommand } from "./monitor-subcommand";
import { monitorsSubcommand } from "./monitors-subcommand";
import { pauseSubcommand } from "./pause-subcommand";
import { resumeSubcommand } from "./resume-subcommand";
import { statusSubcommand } from "./status-subcommand";
import { subscribeSubcommand } from "./subscribe-subcommand";
import { subscriptionsSubcommand } from "./subscriptions-subcommand";
import { teamSubcommand } from "./team-subcommand";
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
  status: statusSubcommand,
  monitors: monitorsSubcommand,
  monitor: monitorSubcommand,
  incident: incidentSubcommand,
  incidents: incidentsSubcommand,
  ack: ackSubcommand,
  availability: availabilitySubcommand,
  latency: latencySubcommand,
  checks: checksSubcommand,
  locations: locationsSubcommand,
  channels: channelsSubcommand,
  create: createSubcommand,
  pause: pauseSubcommand,
  resume: resumeSubcommand,
  delete: deleteSubcommand,
  subscribe: subscribeSubcommand,
  unsubscribe: unsubscribeSubcommand,
  subscriptions: subscriptionsSubcommand,
  unmute: unmuteSubcommand,
  digest: digestSubcommand,
  edit: editSubcommand,
};
