import type { KnownBlock } from "@slack/types";
import type { Location } from "../uptime/types";
import { header, inline, listSections } from "./query-parts";
import type { Rendered } from "./reply";
import { escapeMrkdwn, limits, mrkdwn, truncate } from "./text";

const LIST_BLOCKS = 20;

/** A two-letter country code as its flag emoji (regional indicators); anything else as it is. */
export function flagOf(countryCode: string | null): string {
  if (!countryCode || !/^[A-Za-z]{2}$/.test(countryCode)) return "🌐";
  return String.fromCodePoint(...[...countryCode.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** `/uptime locations`: every checking location (A7) with country and zone. */
export function renderLocations(locations: readonly Location[]): Rendered {
  const blocks: KnownBlock[] = [header("Checking locations")];
  if (locations.length === 0) {
    blocks.push({ type: "section", text: mrkdwn("The service lists no checking locations.") });
  } else {
    const rows = [...locations]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((l) => {
        const where = [l.countryCode ? inline(l.countryCode, 10) : null, l.zone ? inline(l.zone, 100) : null]
          .filter(Boolean)
          .join(" · ");
        return `${flagOf(l.countryCode)} *${inline(l.name, 100)}* (\`${inline(l.id, 60)}\`)${where ? ` · ${where}` : ""}`;
      });
    blocks.push(...listSections(rows, LIST_BLOCKS));
  }
  const names = locations.map((l) => l.name).join(", ");
  return {
    text: truncate(escapeMrkdwn(`${locations.length} checking locations: ${names}`), limits.messageText),
    blocks,
  };
}
