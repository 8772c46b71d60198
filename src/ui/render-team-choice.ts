import type { ActionsBlock, KnownBlock, PlainTextOption } from "@slack/types";
import type { ApiTeam, LinkRecord } from "../store/link-store";
import { actions } from "./ids";
import { teamLines } from "./render-whoami";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, plainText, truncate } from "./text";

// A static select holds at most 100 options.
const MAX_OPTIONS = 100;

function option(team: ApiTeam): PlainTextOption {
  return { text: plainText(team.name, limits.optionText), value: truncate(team.id, limits.optionValue) };
}

/** A static select of the user's teams (value: the API team id), the active one preselected. */
function teamSelect(link: Pick<LinkRecord, "teams" | "activeTeamId">): ActionsBlock {
  const options = link.teams.slice(0, MAX_OPTIONS).map(option);
  const active = link.teams.find((team) => team.id === link.activeTeamId);
  return {
    type: "actions",
    elements: [
      {
        type: "static_select",
        action_id: actions.teamSelect,
        placeholder: plainText("Choose the active team", limits.placeholder),
        options,
        ...(active && options.some((o) => o.value === active.id) ? { initial_option: option(active) } : {}),
      },
    ],
  };
}

/** `/uptime team` without argument: the teams, the active one marked, and a select to choose another. */
export function renderTeamList(link: LinkRecord, notice?: string): Rendered {
  const blocks: KnownBlock[] = [];
  if (notice) blocks.push({ type: "section", text: mrkdwn(notice) });
  if (link.teams.length === 0) {
    const text = "Your Uptime account belongs to no team yet.";
    return {
      text: truncate(notice ?? text, limits.messageText),
      blocks: [...blocks, { type: "section", text: mrkdwn(text) }],
    };
  }
  blocks.push({ type: "section", text: mrkdwn(`*Your teams*\n${teamLines(link)}`) });
  if (link.teams.length > 1) blocks.push(teamSelect(link));
  const active = link.teams.find((team) => team.id === link.activeTeamId);
  return {
    text: truncate(
      notice ?? (active ? `Your active team is ${escapeMrkdwn(active.name)}.` : "Your teams"),
      limits.messageText,
    ),
    blocks,
  };
}

/** A team was chosen (by argument or by the select). */
export function renderTeamChosen(link: LinkRecord, team: ApiTeam): Rendered {
  const text = `:white_check_mark: Your active team is now *${escapeMrkdwn(team.name.slice(0, 100))}* (your role: ${escapeMrkdwn(team.role.slice(0, 40))}). \`/uptime\` commands now work on it.`;
  return renderTeamList(link, text);
}

/** `/uptime team <query>` matched none of the user's teams: the closest names, and the list to choose from. */
export function renderTeamNoMatch(
  link: LinkRecord,
  query: string,
  suggestions: readonly ApiTeam[],
): Rendered {
  const names = suggestions.map((team) => `*${escapeMrkdwn(team.name.slice(0, 100))}*`).join(", ");
  const text = `:grey_question: You are not a member of a team matching "${escapeMrkdwn(truncate(query, 100))}".${
    names ? ` Did you mean ${names}?` : ""
  }`;
  return renderTeamList(link, text);
}
