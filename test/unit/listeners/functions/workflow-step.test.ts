import { describe, expect, it, vi } from "vitest";
import { getMonitorStatusStep } from "../../../../src/listeners/functions/get-monitor-status-step";
import { setMonitorPausedStep } from "../../../../src/listeners/functions/pause-monitor-step";
import { NotLinkedError } from "../../../../src/services";
import { fakeDeps, TEAM } from "../helpers";

type Args = Parameters<ReturnType<typeof getMonitorStatusStep>>[0];

/** What Bolt hands a function_executed listener: ack, inputs, complete, fail, context, the event, a client. */
function stepArgs(inputs: Record<string, unknown>) {
  const order: string[] = [];
  const ack = vi.fn(async () => {
    order.push("ack");
  });
  const complete = vi.fn(async () => {
    order.push("complete");
    return { ok: true };
  });
  const fail = vi.fn(async () => {
    order.push("fail");
    return { ok: true };
  });
  const postMessage = vi.fn(async (_message: Record<string, unknown>) => {
    order.push("postMessage");
    return { ok: true, channel: "D0ALICE", ts: "1.000001" };
  });
  const args = {
    ack,
    inputs,
    complete,
    fail,
    context: { teamId: TEAM, isEnterpriseInstall: false },
    event: { function_execution_id: "Fx1", bot_access_token: "xwfp-run" },
    client: { chat: { postMessage } },
  };
  return { args: args as unknown as Args, ack, complete, fail, order, postMessage };
}

const runner = { user_context: { id: "U0ALICE", secret: "s" } };

describe("workflow steps", () => {
  it("acknowledges first, reads as the runner, and completes with the outputs", async () => {
    const monitorStatus = vi.fn(async () => ({
      monitorId: "5",
      name: "Public API",
      state: "down" as const,
      availability24h: 97.5,
      openIncidentId: "42",
    }));
    const { args, complete, order } = stepArgs({ ...runner, monitor: " Public API " });
    await getMonitorStatusStep(fakeDeps({ monitorStatus }))(args);
    expect(monitorStatus).toHaveBeenCalledWith(
      { enterpriseId: undefined, teamId: TEAM, isEnterpriseInstall: false, userId: "U0ALICE" },
      "Public API",
    );
    expect(order).toEqual(["ack", "complete"]);
    expect(complete).toHaveBeenCalledWith({
      outputs: {
        state: "down",
        availability_24h: 97.5,
        open_incident_id: "42",
        monitor_id: "5",
        monitor_name: "Public API",
      },
    });
  });

  it("fails with the error mapping's sentence, in plain text, when the runner is not linked", async () => {
    const prepareStepChange = vi.fn(async () => {
      throw new NotLinkedError();
    });
    const { args, fail, complete } = stepArgs({ ...runner, monitor: "5" });
    await setMonitorPausedStep(fakeDeps({ prepareStepChange }), true)(args);
    expect(complete).not.toHaveBeenCalled();
    const error = (fail.mock.calls[0] as unknown as [{ error: string }])[0].error;
    expect(error).toContain("/uptime login");
    expect(error).not.toContain("`");
  });

  it("fails without asking anything when nobody runs it or an input is empty", async () => {
    const monitorStatus = vi.fn();
    const nobody = stepArgs({ monitor: "5" });
    await getMonitorStatusStep(fakeDeps({ monitorStatus }))(nobody.args);
    expect(nobody.fail).toHaveBeenCalledWith({ error: expect.stringContaining("who runs the workflow") });
    const empty = stepArgs({ ...runner, monitor: "  " });
    await getMonitorStatusStep(fakeDeps({ monitorStatus }))(empty.args);
    expect(empty.fail).toHaveBeenCalledWith({ error: expect.stringContaining('"monitor"') });
    expect(monitorStatus).not.toHaveBeenCalled();
  });

  it("a changing step asks its runner in their DM and stays running; nothing is changed", async () => {
    const change = { kind: "pause" as const, id: "5", name: "Public API", teamId: "1", teamName: "Acme" };
    const prepareStepChange = vi.fn(async () => change);
    const holdStepConfirmation = vi.fn(async () => {});
    const pauseMonitor = vi.fn();
    const { args, complete, fail, order, postMessage } = stepArgs({ ...runner, monitor: "5" });
    await setMonitorPausedStep(
      fakeDeps({
        prepareStepChange,
        holdStepConfirmation,
        pauseMonitor,
        newStepConfirmationId: () => "abc",
      }),
      true,
    )(args);
    expect(order).toEqual(["ack", "postMessage"]);
    expect(postMessage.mock.calls[0]?.[0]).toMatchObject({ channel: "U0ALICE" });
    expect(holdStepConfirmation).toHaveBeenCalledWith(
      expect.objectContaining({
        id: "abc",
        userId: "U0ALICE",
        change,
        functionExecutionId: "Fx1",
        ts: "1.000001",
      }),
      "xwfp-run",
    );
    expect(complete).not.toHaveBeenCalled();
    expect(fail).not.toHaveBeenCalled();
    expect(pauseMonitor).not.toHaveBeenCalled();
  });

  it("a runner past their fair share is refused before anything is read", async () => {
    const monitorStatus = vi.fn();
    const { args, fail } = stepArgs({ ...runner, monitor: "5" });
    await getMonitorStatusStep(
      fakeDeps({ monitorStatus, takeFairShare: async () => ({ ok: false, waitMs: 4000 }) }),
    )(args);
    expect(fail).toHaveBeenCalledWith({ error: "You've sent many commands; the next one in 4 s." });
    expect(monitorStatus).not.toHaveBeenCalled();
  });

  it("an unexpected error says something went wrong, never what", async () => {
    const monitorStatus = vi.fn(async () => {
      throw new Error("secret internals at /srv/app");
    });
    const { args, fail } = stepArgs({ ...runner, monitor: "5" });
    await getMonitorStatusStep(fakeDeps({ monitorStatus }))(args);
    const error = (fail.mock.calls[0] as unknown as [{ error: string }])[0].error;
    expect(error).toContain("Something went wrong");
    expect(error).not.toContain("secret");
  });
});
