import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../../src/lib/logger";
import { requestContext, withRequestContext } from "../../../src/lib/request-context";

interface Line {
  msg: string;
  workspace?: string;
  requestId?: string;
}

function capturedLogger() {
  const lines: Line[] = [];
  const logger = createLogger({
    level: "info",
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString("utf8").split("\n")) if (text) lines.push(JSON.parse(text) as Line);
        done();
      },
    }),
  });
  return { logger, lines };
}

describe("request context", () => {
  it("gives every line of one request the same workspace and id, after its awaits too", async () => {
    const { logger, lines } = capturedLogger();
    await withRequestContext(
      () => ({ workspace: "T:T1" }),
      async () => {
        logger.info("first");
        await new Promise((resolve) => setTimeout(resolve, 1));
        logger.info("second");
      },
    );
    expect(lines.map((l) => l.msg)).toEqual(["first", "second"]);
    expect(lines[0]!.workspace).toBe("T:T1");
    expect(lines[0]!.requestId).toMatch(/^[0-9a-f]{12}$/);
    expect(lines[1]!.requestId).toBe(lines[0]!.requestId);
  });

  it("gives concurrent requests ids of their own, and lines outside a request none", async () => {
    const { logger, lines } = capturedLogger();
    const request = (workspace: string) =>
      withRequestContext(
        () => ({ workspace }),
        async () => {
          await Promise.resolve();
          logger.info(workspace);
        },
      );
    await Promise.all([request("T:A"), request("T:B")]);
    logger.info("outside");
    const [a, b, outside] = lines;
    expect(a!.workspace).toBe("T:A");
    expect(b!.workspace).toBe("T:B");
    expect(a!.requestId).not.toBe(b!.requestId);
    expect(outside!.workspace).toBeUndefined();
    expect(outside!.requestId).toBeUndefined();
    expect(requestContext()).toBeUndefined();
  });

  it("names the workspace only when a line asks for it, once per request", async () => {
    let named = 0;
    const workspaceOf = () => {
      named++;
      return { workspace: "E:E1" };
    };
    await withRequestContext(workspaceOf, async () => {
      await Promise.resolve();
      expect(named).toBe(0);
      const first = requestContext();
      const again = requestContext();
      expect(named).toBe(1);
      expect(again).toBe(first);
      expect(first).toMatchObject({ workspace: "E:E1" });
    });
  });
});
