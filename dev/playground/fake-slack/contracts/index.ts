import { SlackApiError } from "../errors";
import { type ContractProblem, contractProblems } from "./contract-problems";
import { loadContract, validateContract } from "./contract-schemas";
import { CONTRACT_TYPES, type ContractName, isContractName } from "./contract-types";
import { recordViolation } from "./contract-violations";
import { decodeFormArguments } from "./form-arguments";

export { CONTRACT_TYPES, type ContractName } from "./contract-types";
export { type ContractViolation, contractViolations } from "./contract-violations";

/**
 * Loads every contract's validators now, compiling (and caching) the ones not compiled before: the e2e and
 * integration projects do it once before their tests (test/support/global-slack-contracts.ts), so that no
 * test's fake Slack stalls for seconds on its first Block Kit call.
 */
export function prepareContracts(): void {
  for (const name of Object.keys(CONTRACT_TYPES)) if (isContractName(name)) loadContract(name);
}

/** The problems of one payload against its contract (empty when the SDK's type allows it). */
export function checkContract(name: ContractName, value: unknown): ContractProblem[] {
  return contractProblems(validateContract(name, value));
}

function record(
  owner: object,
  name: ContractName,
  problems: ContractProblem[],
  refused: boolean,
  at: number,
) {
  if (problems.length === 0) return;
  recordViolation(owner, { contract: name, problems: problems.map((p) => p.message), refused, at });
}

/**
 * Checks a Web API call's arguments against its @slack/web-api type, as Slack checks a call against the
 * method's reference: a wrong type, value or missing argument answers `invalid_arguments` with one
 * `response_metadata.messages` line per problem (the method pages' error table: "The method was either called
 * with invalid arguments or some detail about the arguments passed is invalid", e.g.
 * https://docs.slack.dev/reference/methods/chat.postMessage; the message format is the one
 * https://docs.slack.dev/reference/methods/blocks.validate shows). Problems only in `blocks` of a chat.*
 * method answer `invalid_blocks`, the code those methods document for blocks. Unknown arguments are recorded
 * but not refused (contract-problems.ts). Every problem is recorded under `owner` (the fake's state).
 */
export function checkWebApiContract(
  method: string,
  args: Record<string, unknown>,
  bodyKind: string,
  owner: object,
  at: number,
): void {
  if (!isContractName(method)) return;
  // WebClient itself adds `team_id` to every call when it has a teamId (Bolt gives each request's client
  // one): `makeRequest(url, { team_id: this.teamId, ...options })` in @slack/web-api's WebClient.apiCall.
  // It is the SDK's wire format, not the bot's argument, whatever the method's type says.
  const { token: _token, ...rest } = args;
  if (typeof rest.team_id === "string") delete rest.team_id;
  const typed = bodyKind === "json" ? rest : decodeFormArguments(loadContract(method), rest);
  const problems = checkContract(method, typed);
  const refusing = problems.filter((p) => !p.unknownField);
  record(owner, method, problems, refusing.length > 0, at);
  if (refusing.length === 0) return;
  const onlyBlocks = method.startsWith("chat.") && refusing.every((p) => p.pointer.startsWith("/blocks"));
  throw new SlackApiError(
    onlyBlocks ? "invalid_blocks" : "invalid_arguments",
    refusing.map((p) => p.message),
  );
}

/**
 * Checks a body the bot sends outside the Web API (a response_url POST, a view_submission or
 * block_suggestion ack) against Bolt's type for it. Slack documents no error code for these beyond what the
 * fake already answers (response-urls.ts, sender.ts), so a violation is recorded, not answered.
 */
export function recordBodyContract(name: ContractName, body: unknown, owner: object, at: number): void {
  record(owner, name, checkContract(name, body), false, at);
}
