/**
 * The "Alert me about…" modal's form, pure: `view.state.values` -> the filters and options of a personal
 * subscription, or errors keyed by block_id. Total: any state, however malformed, gives a form or errors.
 */
import {
  ESCALATE_MAX_MINUTES,
  ESCALATE_MIN_MINUTES,
  STORM_MAX,
  STORM_MIN,
} from "../domain/alert-rule-bounds";
import type { DigestCadence } from "../domain/digest-cadences";
import { parseDuration } from "../grammar";
import type { BlockErrors } from "./create-monitor-form";
import { actions, blocks, personalDigestChoices } from "./ids";

export interface PersonalAlertsForm {
  /** Monitor ids (the options' values), as `#<id>` so the subscribe service reads them as ids. */
  monitors: string[];
  /** Group names, as the team spells them. */
  groups: string[];
  digest?: DigestCadence;
  escalateMinutes?: number;
  /** `--remind 2h`: a reminder every so many minutes while an outage stays open. */
  remindMinutes?: number;
  /** `--storm`: more incidents of the team within a minute than this roll up into one message. */
  storm?: number;
}

export type PersonalAlertsFormResult =
  | { ok: true; form: PersonalAlertsForm }
  | { ok: false; errors: BlockErrors };

const B = blocks.personalAlerts;
const A = actions.personalAlerts;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function element(values: unknown, blockId: string, actionId: string): Obj | undefined {
  if (!isObj(values)) return undefined;
  const block = values[blockId];
  if (!isObj(block)) return undefined;
  const el = block[actionId];
  return isObj(el) ? el : undefined;
}

/** The values of a multi select's chosen options, each once, in the order picked. */
function selectedValues(values: unknown, blockId: string, actionId: string): string[] {
  const options = element(values, blockId, actionId)?.selected_options;
  if (!Array.isArray(options)) return [];
  const picked = options.flatMap((o) =>
    isObj(o) && typeof o.value === "string" && o.value !== "" ? [o.value] : [],
  );
  return [...new Set(picked)];
}

const MONITOR_ID = /^\d{1,18}$/;

/** A number input's whole number within bounds; undefined when empty. */
function wholeNumber(
  values: unknown,
  blockId: string,
  actionId: string,
  min: number,
  max: number,
): number | "invalid" | undefined {
  const text = element(values, blockId, actionId)?.value;
  if (typeof text !== "string" || text.trim() === "") return undefined;
  const n = /^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  return n >= min && n <= max ? n : "invalid";
}

export function parsePersonalAlertsForm(values: unknown): PersonalAlertsFormResult {
  const errors: BlockErrors = {};
  const monitorIds = selectedValues(values, B.monitors, A.monitors);
  // Option values are ids the options handler set; anything else did not come from that menu.
  if (monitorIds.some((id) => !MONITOR_ID.test(id)))
    errors[B.monitors] = "Pick the monitors from the list again.";
  const groups = selectedValues(values, B.groups, A.groups);

  const digestChoice = element(values, B.digest, A.digest)?.selected_option;
  const digestValue = isObj(digestChoice) ? digestChoice.value : undefined;
  const digest =
    digestValue === personalDigestChoices.daily || digestValue === personalDigestChoices.weekly
      ? digestValue
      : undefined;

  const escalate = wholeNumber(values, B.escalate, A.escalate, ESCALATE_MIN_MINUTES, ESCALATE_MAX_MINUTES);
  if (escalate === "invalid") {
    errors[B.escalate] = `A whole number of minutes from ${ESCALATE_MIN_MINUTES} to ${ESCALATE_MAX_MINUTES}.`;
  }
  // Typed as `--remind` takes it (2h, 90m, 1h30m), within the same bounds.
  const remindText = element(values, B.remind, A.remind)?.value;
  const remind =
    typeof remindText === "string" && remindText.trim() !== "" ? parseDuration(remindText) : undefined;
  if (
    remind === null ||
    (remind !== undefined && (remind < ESCALATE_MIN_MINUTES || remind > ESCALATE_MAX_MINUTES))
  )
    errors[B.remind] = "A period from 1m to 24h, e.g. 2h or 90m.";
  const storm = wholeNumber(values, B.storm, A.storm, STORM_MIN, STORM_MAX);
  if (storm === "invalid") errors[B.storm] = `A whole number of incidents from ${STORM_MIN} to ${STORM_MAX}.`;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    form: {
      monitors: monitorIds.map((id) => `#${id}`),
      groups,
      ...(digest ? { digest } : {}),
      ...(typeof escalate === "number" ? { escalateMinutes: escalate } : {}),
      ...(typeof remind === "number" ? { remindMinutes: remind } : {}),
      ...(typeof storm === "number" ? { storm } : {}),
    },
  };
}
