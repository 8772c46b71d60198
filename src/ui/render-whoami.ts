import { slackDate } from "../lib/format-time";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import { linkButton } from "./link-button";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

// A team list stops before "and N more" at this many lines or characters, inside a section's 3,000.
const MAX_TEAM_LINES = 25;
const MAX_TEAM_CHARS = 2700;

/** "• *Acme Production* (id 1): owner  active" lines, cut with "and N more". */
export function teamLines(link: Pick<LinkRecord, "teams" | "activeTeamId">): string {
  const shown: string[] = [];
  let length = 0;
  for (const team of link.teams) {
    const line = teamLine(team, team.id === link.activeTeamId);
    if (shown.length === MAX_TEAM_LINES || length + line.length + 1 > MAX_TEAM_CHARS) break;
    shown.push(line);
    length += line.length + 1;
  }
  const more = link.teams.length - shown.length;
  return [...shown, ...(more > 0 ? [`…and ${more} more`] : [])].join("\n");
}

function teamLine(team: ApiTeam, active: boolean): string {
  const name = escapeMrkdwn(team.name.slice(0, 100));
  return `• *${name}* (id ${escapeMrkdwn(team.id)}): ${escapeMrkdwn(team.role.slice(0, 40))}${active ? "  :white_check_mark: active" : ""}`;
}

function identity(link: LinkRecord): string {
  const email = link.email ? ` (${escapeMrkdwn(link.email.slice(0, 200))})` : "";
  return `*${escapeMrkdwn(link.apiUserName.slice(0, 200))}*${email}`;
}

/** `/uptime whoami`: the linked API user with teams and roles; not linked or stale: why, and the Link button. */
export function renderWhoami(link: LinkRecord | null): Rendered {
  if (!link) {
    const text =
      "Your Slack account isn't linked to an Uptime account. Link it with your personal API token.";
    return {
      text,
      blocks: [
        { type: "section", text: mrkdwn(`:link: ${text}`) },
        { type: "actions", elements: [linkButton()] },
      ],
    };
  }
  if (link.stale) {
    const text = `You were linked as ${identity(link)}, but that token is no longer accepted (revoked or expired). Please link your account again.`;
    return {
      text,
      blocks: [
        { type: "section", text: mrkdwn(`:warning: ${text}`) },
        { type: "actions", elements: [linkButton()] },
      ],
    };
  }
  const text = `You're linked as ${identity(link)}, API user ${escapeMrkdwn(link.apiUserId)}.`;
  const teams = link.teams.length > 0 ? teamLines(link) : "You belong to no team yet.";
  return {
    text,
    blocks: [
      { type: "section", text: mrkdwn(`:bust_in_silhouette: ${text}`) },
      { type: "section", text: mrkdwn(`*Your teams*\n${teams}`) },
      {
        type: "context",
        elements: [
          mrkdwn(
            `Linked ${slackDate(link.linkedAt)}. \`/uptime team <name>\` chooses the active team; \`/uptime logout\` forgets the link.`,
          ),
        ],
      },
    ],
  };
}

/** The confirmation after the login modal, with what became of a pending action (`followUp`, mrkdwn). */
export function renderLinked(link: LinkRecord, followUp?: string): Rendered {
  const active = link.teams.find((team) => team.id === link.activeTeamId);
  const team = active
    ? ` Active team: *${escapeMrkdwn(active.name.slice(0, 100))}* (${escapeMrkdwn(active.role.slice(0, 40))}).`
    : "";
  const text = `:white_check_mark: You're now linked as ${identity(link)}.${team}`;
  return {
    text: truncate(followUp ? `${text}\n${followUp}` : text, limits.messageText),
    blocks: [
      { type: "section", text: mrkdwn(text) },
      ...(followUp ? [{ type: "section" as const, text: mrkdwn(followUp) }] : []),
    ],
  };
}

/** `/uptime logout`. */
export function renderLoggedOut(wasLinked: boolean): Rendered {
  const text = wasLinked
    ? ":wave: Your Uptime account is unlinked and its token deleted. `/uptime login` links it again."
    : "Your Slack account wasn't linked to an Uptime account: nothing to forget.";
  return { text, blocks: [{ type: "section", text: mrkdwn(text) }] };
}
