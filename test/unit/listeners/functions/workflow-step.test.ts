import { describe, expect, it, vi } from "vitest";
import { getMonitorStatusStep } from "../../../../src/listeners/functions/get-monitor-status-step";
import { setMonitorPausedStep } from "../../../../src/listeners/functions/pause-monitor-step";
import { NotLinkedError } from "../../../../src/services";
import { fakeDeps, TEAM } from "../helpers";

type Args = Parameters<ReturnType<typeof getMonitorStatusStep>>[0];

/** What Bolt hands a function_executed listener: ack, inputs, complete, fail, context. */
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
  const args = { ack, inputs, complete, fail, context: { teamId: TEAM, isEnterpriseInstall: false } };
  return { args: args as unknown as Args, ack, complete, fail, order };
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
    const pauseMonitor = vi.fn(async () => {
      throw new NotLinkedError();
    });
    const { args, fail, complete } = stepArgs({ ...runner, monitor: "5" });
    await setMonitorPausedStep(fakeDeps({ pauseMonitor }), true)(args);
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
