import type { SubcommandName } from "../command";
import { ArgumentError, echo } from "../read-args";
import type { Parser } from "./parser";

/** `123` or `#123`: an incident id as typed. */
const INCIDENT_ID = /^#?(\d{1,18})$/;

/** What people add to an incident's record: notes, and its postmortem. */
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

  postmortem: (_sub, tokens) => {
    const [first, ...extra] = tokens;
    if (!first) return new ArgumentError('"postmortem" needs an incident id, e.g. postmortem 123');
    const id = INCIDENT_ID.exec(first.text.trim());
    if (!id || extra.length > 0) {
      return new ArgumentError(
        `"postmortem" takes one incident id, a number, e.g. postmortem 123 (got "${echo(tokens.map((t) => t.text).join(" "))}")`,
      );
    }
    return { kind: "postmortem", incidentId: id[1]! };
  },
} satisfies Partial<Record<SubcommandName, Parser>>;
