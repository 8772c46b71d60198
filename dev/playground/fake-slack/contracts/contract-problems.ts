import type { ErrorObject } from "ajv";

export interface ContractProblem {
  /** JSON pointer into the checked value ("/" for the value itself). */
  pointer: string;
  /** Slack's wording style: "[ERROR] missing required field: channel [json-pointer:/]". */
  message: string;
  /**
   * An argument or field the SDK's type does not have. Slack's method pages document no error for unknown
   * arguments (invalid_arg_name is about malformed names), so the fake does not refuse the call for it;
   * it is still a contract violation, recorded for the tests.
   */
  unknownField: boolean;
}

function allowedValues(error: ErrorObject): string {
  const params = error.params as { allowedValue?: unknown; allowedValues?: unknown[] };
  const values = params.allowedValues ?? [params.allowedValue];
  return values.map((v) => JSON.stringify(v)).join(", ");
}

/** Ajv's errors as Slack words problems in `response_metadata.messages` (one per problem, deduplicated). */
export function contractProblems(errors: readonly ErrorObject[]): ContractProblem[] {
  const seen = new Set<string>();
  const out: ContractProblem[] = [];
  for (const error of errors) {
    const pointer = error.instancePath === "" ? "/" : error.instancePath;
    const params = error.params as Record<string, unknown>;
    let text: string;
    if (error.keyword === "required") text = `missing required field: ${String(params.missingProperty)}`;
    else if (error.keyword === "additionalProperties")
      text = `unknown field: ${String(params.additionalProperty)}`;
    else if (error.keyword === "const" || error.keyword === "enum")
      text = `must be one of ${allowedValues(error)}`;
    else text = error.message ?? error.keyword;
    const message = `[ERROR] ${text} [json-pointer:${pointer}]`;
    if (seen.has(message)) continue;
    seen.add(message);
    out.push({ pointer, message, unknownField: error.keyword === "additionalProperties" });
  }
  return out;
}
