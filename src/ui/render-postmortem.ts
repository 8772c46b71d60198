import { formatDuration } from "../lib/format-time";
import type { PostmortemInput } from "../services/postmortem";

/** One line of the canvas's timeline. */
interface Line {
  at: number;
  text: string;
}

/** A canvas mention of a person (https://docs.slack.dev/surfaces/canvases: "![](@U123ABC)"). */
const person = (userId: string) => `![](@${userId.replace(/[^A-Z0-9]/gi, "")})`;
const channel = (channelId: string) => `![](#${channelId.replace(/[^A-Z0-9]/gi, "")})`;

/** Text from people or the API on one line, with nothing that markdown would read as structure. */
function inline(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/([\\`*_[\]<>#|])/g, "\\$1")
    .trim();
}

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;

const percent = (value: number | null) => (value === null ? "unknown" : `${value.toFixed(3)} %`);

// Canvas markdown mentions users and channels only (docs.slack.dev/reference/methods/canvases.create): a
// paged user group is named by its id.
const target = (id: string) =>
  id.startsWith("S") ? `user group ${id.replace(/[^A-Z0-9]/gi, "")}` : person(id);

function timelineText(entry: PostmortemInput["timeline"][number], where: string, by: string): string {
  switch (entry.kind) {
    case "escalated":
      return `**Escalated** ${where}: nobody had acknowledged it`;
    case "muted":
      return `Muted ${where}${by}`;
    case "unmuted":
      return `Unmuted ${where}${by}`;
    case "paged":
      return `**Paged** ${(entry.whom ?? []).map(target).join(", ")} ${where}${by}`;
    case "page-answered":
      return `${entry.by ? person(entry.by) : "Someone"} answered the page ${where}`;
  }
}

/** The canvas's title: the incident and its monitor. */
export function postmortemTitle(input: PostmortemInput): string {
  return `Postmortem: incident #${input.incident.id}${input.monitorName ? ` (${input.monitorName.slice(0, 80)})` : ""}`;
}

/**
 * The postmortem canvas as markdown (canvases.create / canvases.edit `document_content`): the facts, the
 * timeline (start, acknowledgement, escalations, mutes, notes with their permalinks, recovery), downtime and
 * availability, and empty sections for the people to fill: cause, impact, follow-ups. Drawn whole each time:
 * a run updates the canvas by replacing it, so what people wrote under the empty sections is theirs to keep
 * out of the way of a later run (the canvas says so).
 */
export function renderPostmortem(input: PostmortemInput): string {
  const { incident } = input;
  const started = incident.started.getTime();
  const ended = incident.ended?.getTime() ?? null;
  const downtime = formatDuration(((ended ?? input.now) - started) / 1000);
  const lines: Line[] = [
    { at: started, text: `**Started**${incident.reason ? `: ${inline(incident.reason)}` : ""}` },
  ];
  if (incident.acknowledged) {
    lines.push({
      at: incident.acknowledged.getTime(),
      text: `**Acknowledged** ${input.ackedBy ? `by ${person(input.ackedBy)}` : "in the Uptime app"}`,
    });
  }
  for (const entry of input.timeline) {
    const where = `in ${channel(entry.channel)}`;
    const by = entry.by ? ` by ${person(entry.by)}` : "";
    const what = timelineText(entry, where, by);
    lines.push({ at: entry.at, text: what });
  }
  for (const note of input.notes) {
    const author = note.author ?? note.by;
    const link = note.permalink?.startsWith("https://") ? ` ([message](${note.permalink}))` : "";
    lines.push({ at: note.at, text: `Note by ${person(author)}: ${inline(note.text)}${link}` });
  }
  if (ended !== null) lines.push({ at: ended, text: `**Recovered** after ${downtime}` });
  lines.sort((a, b) => a.at - b.at);

  return [
    `# ${inline(postmortemTitle(input))}`,
    "",
    `- **Monitor:** ${input.monitorName ? inline(input.monitorName) : "unknown"}`,
    `- **Started:** ${utc(started)}`,
    `- **Recovered:** ${ended === null ? "not yet" : utc(ended)}`,
    `- **Downtime:** ${downtime}${ended === null ? " so far" : ""}`,
    `- **Availability of the monitor:** ${percent(input.availability24h)} over the last 24 h, ${percent(input.availability30d)} over the last 30 days`,
    "",
    "## Timeline",
    "",
    ...lines.map((line) => `- ${utc(line.at)}: ${line.text}`),
    "",
    "## Cause",
    "",
    "## Impact",
    "",
    "## Follow-ups",
    "",
    "- [ ] ",
    "",
    "---",
    "",
    `_Drawn by Uptime from the incident and its notes; \`/uptime postmortem ${incident.id}\` draws it again with what was added since._`,
    "",
  ].join("\n");
}
