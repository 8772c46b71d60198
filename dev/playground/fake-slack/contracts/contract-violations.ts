import type { ContractName } from "./contract-types";

/** One payload the bot sent that its Slack SDK's types do not allow. */
export interface ContractViolation {
  contract: ContractName;
  /** Slack-style problem lines ("[ERROR] ... [json-pointer:/...]"). */
  problems: string[];
  /** Whether the fake refused it (invalid_arguments / invalid_blocks) or only recorded it. */
  refused: boolean;
  at: number;
}

// Kept beside the fake's state rather than in it, so that the contract checks stay one module that the
// dispatcher calls with one line; the state object is the key, so each fake Slack has its own list.
const ledgers = new WeakMap<object, ContractViolation[]>();

export function recordViolation(owner: object, violation: ContractViolation): void {
  const ledger = ledgers.get(owner);
  if (ledger) ledger.push(violation);
  else ledgers.set(owner, [violation]);
}

/** Every contract violation a fake Slack saw, oldest first (tests assert it stays empty). */
export function contractViolations(owner: object): readonly ContractViolation[] {
  return ledgers.get(owner) ?? [];
}
