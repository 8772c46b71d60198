import type { SubcommandName } from "../command";
import { ArgumentError, echo } from "../read-args";
import type { Parser } from "./parser";

/** `123` or `#123`: an incident id as typed. */
const INCIDENT_ID = /^#?(\d{1,18})$/;

/** What people add to an incident's record: notes. */
export const incidentRecordParsers = {
  // The text is every word after the id, as typed: no quotes needed, and no flags read inside it.
  note: (_sub, tokens) => {
    const [first, ...rest] = tokens;
    if (!first) return new ArgumentError('"note" needs an incident id and a text, e.g. note 123 rolled back');
    const id = INCIDENT_ID.exec(first.text.trim());
    if (!id) {
      return new ArgumentError(
        `an incident id is a number, e.g. note 123 rolled back the deploy (got "${echo(first.text)}")`,
      );
    }
    const text = rest
      .map((t) => t.text)
      .join(" ")
      .trim();
    if (text === "")
      return new ArgumentError(`"note" needs a text after the id, e.g. note ${id[1]} rolled back`);
    return { kind: "note", incidentId: id[1]!, text };
  },
} satisfies Partial<Record<SubcommandName, Parser>>;
