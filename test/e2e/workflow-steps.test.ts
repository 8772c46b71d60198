// Workflow Builder steps end to end (issue 38): the fake Slack sends function_executed as a workflow run
// would, the real bot (signed HTTP) runs the step with the Uptime token of the person running the workflow,
// and the fake records functions.completeSuccess / completeError on the run. The steps that change something
// ask the runner first; here the runner confirms (workflow-confirmation.test.ts tests the question itself).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FunctionExecution, StoredMessage } from "../../dev/playground/fake-slack/types";
import { DEMO_TOKENS } from "../../dev/simulator";
import { actions, workflowSteps } from "../../src/ui/ids";
import { linkUser, type Stack, startStack } from "../support/e2e-stack";
import { eventually, waitFor } from "../support/wait-for";

// Demo seed, team 1 "Acme Production": monitor 1 "Marketing site", monitor 2 "Web shop".
const MARKETING_SITE = "1";
const WEB_SHOP = "2";

describe("Workflow Builder steps", () => {
  let stack: Stack;

  type Button = { action_id?: string; value?: string };
  const confirmButton = (m: StoredMessage) =>
    ((m.blocks ?? []) as { elements?: Button[] }[])
      .flatMap((b) => b.elements ?? [])
      .find((e) => e.action_id === actions.stepConfirm);

  /**
   * Runs a step and resolves with the run once the bot completed or failed it; a step that asks its runner
   * first (a button in their DM with the app) is confirmed by them.
   */
  async function run(callbackId: string, runBy: string | undefined, inputs: Record<string, unknown>) {
    const im = runBy ? stack.slack.state.openIm(runBy).conversation.id : undefined;
    const before = im ? stack.slack.state.channelMessages(im).length : 0;
    const { execution, delivery } = await stack.slack.runWorkflowStep({
      callbackId,
      ...(runBy ? { runBy } : {}),
      inputs,
    });
    expect(delivery.status).toBe(200);
    const asked = await waitFor(
      stack.slack.events,
      () => {
        const question = im
          ? stack.slack.state
              .channelMessages(im)
              .slice(before)
              .find((m) => confirmButton(m))
          : undefined;
        if (question) return { question };
        return execution.state === "running" ? undefined : { question: undefined };
      },
      10_000,
    );
    if (asked.question && runBy) {
      const { channel, ts } = asked.question;
      await stack.slack.sender.blockAction({
        userId: runBy,
        container: { type: "message", channel, ts },
        actions: [{ action_id: actions.stepConfirm, value: confirmButton(asked.question)?.value ?? "" }],
      });
    }
    return waitFor<FunctionExecution>(
      stack.slack.events,
      () => (execution.state === "running" ? undefined : execution),
      10_000,
    );
  }

  beforeAll(async () => {
    stack = await startStack();
    await linkUser(stack, "U0ALICE", DEMO_TOKENS.owner);
    await linkUser(stack, "U0CAROL", DEMO_TOKENS.readonly);
  });
  afterAll(async () => {
    await stack?.close();
  });

  it("Get monitor status: a linked runner gets the state, availability and open incident", async () => {
    const incident = stack.simulator.control.fail(Number(WEB_SHOP), "HTTP 502");
    if (!incident) throw new Error("the monitor opened no incident");
    const done = await run(workflowSteps.getMonitorStatus, "U0ALICE", { monitor: "Web shop" });
    expect(done.state).toBe("completed");
    expect(done.outputs).toMatchObject({
      state: "down",
      open_incident_id: incident.id,
      monitor_id: WEB_SHOP,
      monitor_name: "Web shop",
    });
    expect(typeof done.outputs?.availability_24h).toBe("number");
    // Slack recorded the completion of this very run.
    const call = await eventually(async () =>
      stack.slack.state
        .callsOf("functions.completeSuccess")
        .find((c) => c.args.function_execution_id === done.id),
    );
    expect(call.status).toBe(200);
  });

  it("Get monitor status: a runner who is not linked gets a clear error, and no data", async () => {
    const done = await run(workflowSteps.getMonitorStatus, "U0BOB", { monitor: "Web shop" });
    expect(done.state).toBe("failed");
    expect(done.error).toContain("/uptime login");
    expect(done.outputs).toBeUndefined();
  });

  it("Pause and Resume monitor act with the runner's token", async () => {
    const paused = await run(workflowSteps.pauseMonitor, "U0ALICE", { monitor: MARKETING_SITE });
    expect(paused.state).toBe("completed");
    expect(paused.outputs).toEqual({ monitor_id: MARKETING_SITE, paused: true, changed: true });
    const resumed = await run(workflowSteps.resumeMonitor, "U0ALICE", { monitor: MARKETING_SITE });
    expect(resumed.outputs).toEqual({ monitor_id: MARKETING_SITE, paused: false, changed: true });
  });

  it("Pause monitor: not linked, or a read-only member, fails and changes nothing", async () => {
    const unlinked = await run(workflowSteps.pauseMonitor, "U0BOB", { monitor: MARKETING_SITE });
    expect(unlinked.state).toBe("failed");
    expect(unlinked.error).toContain("/uptime login");
    const readOnly = await run(workflowSteps.pauseMonitor, "U0CAROL", { monitor: MARKETING_SITE });
    expect(readOnly.state).toBe("failed");
    expect(readOnly.error).toMatch(/read-only|role|permission/i);
    const status = await run(workflowSteps.getMonitorStatus, "U0ALICE", { monitor: MARKETING_SITE });
    expect(status.outputs?.state).not.toBe("paused");
  });

  it("Resume monitor: a runner who is not linked fails", async () => {
    const done = await run(workflowSteps.resumeMonitor, "U0BOB", { monitor: MARKETING_SITE });
    expect(done.state).toBe("failed");
    expect(done.error).toContain("/uptime login");
  });

  it("Acknowledge incident: a linked runner acknowledges it; an unlinked one is refused", async () => {
    const incident = stack.simulator.control.fail(Number(MARKETING_SITE), "Connection timeout");
    if (!incident) throw new Error("the monitor opened no incident");
    const refused = await run(workflowSteps.acknowledgeIncident, "U0BOB", { incident_id: incident.id });
    expect(refused.state).toBe("failed");
    expect(refused.error).toContain("/uptime login");
    const done = await run(workflowSteps.acknowledgeIncident, "U0ALICE", { incident_id: incident.id });
    expect(done.state).toBe("completed");
    expect(done.outputs).toEqual({ status: "acknowledged", incident_id: incident.id });
    const again = await run(workflowSteps.acknowledgeIncident, "U0ALICE", { incident_id: incident.id });
    expect(again.outputs).toEqual({ status: "already", incident_id: incident.id });
  });

  it("a run that names nobody fails and says what the workflow needs", async () => {
    const done = await run(workflowSteps.getMonitorStatus, undefined, { monitor: "Web shop" });
    expect(done.state).toBe("failed");
    expect(done.error).toContain("who runs the workflow");
  });
});
