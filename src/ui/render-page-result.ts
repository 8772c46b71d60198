import type { PageOutcome } from "../services/page-incident";
import { escapeMrkdwn } from "./text";

/** The pager's own answer: who was paged, about what; the thread line is what the channel sees. */
export function renderPageResult(outcome: PageOutcome): { text: string } {
  const who = [...outcome.users.map((id) => `<@${id}>`), ...outcome.groups.map((id) => `<!subteam^${id}>`)];
  const about = outcome.monitorName
    ? `*${escapeMrkdwn(outcome.monitorName)}*`
    : `incident ${outcome.incidentId}`;
  return {
    text: `📟 Paged ${who.join(", ")} about ${about}: they get a DM with Acknowledge, and the alert's thread says who you paged.`,
  };
}
