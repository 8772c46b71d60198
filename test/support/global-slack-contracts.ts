import { prepareContracts } from "../../dev/playground/fake-slack/contracts";

/**
 * Compiles the fake Slack's contract validators before any test runs (instant when cached under
 * node_modules/.cache), so that a test's first Block Kit call does not hold the fake for seconds.
 */
export default function setup() {
  prepareContracts();
}
