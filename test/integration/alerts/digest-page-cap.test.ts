// A digest stops reading at its page caps (issue 36, docs/configuration.md page caps): with more monitors
// than 50 pages hold, it reads 50 pages, never asks for the 51st, and its message says it stopped there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningSimulator, startSimulator } from "../../../dev/simulator";
import { collectDigest } from "../../../src/alerts/kinds/digest/collect-digest";
import { periodEndingNow } from "../../../src/alerts/kinds/digest/digest-calendar";
import { DIGEST_CAPPED_NOTE, renderDigest } from "../../../src/alerts/kinds/digest/render-digest";
import { DIGEST_MONITOR_PAGES } from "../../../src/alerts/model";
import { silentLogger } from "../../../src/lib/logger";
import { UptimeClient } from "../../../src/uptime";
import { textOf } from "../../support/text-of";

const TOKEN = "digest-cap-token";
const PAGE = 10;
let simulator: RunningSimulator;
let client: UptimeClient;
let teamId: string;

async function seed(monitors: number, name: string): Promise<string> {
  const response = await fetch(`${simulator.url}/__simulator/seed`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      teams: [
        {
          name,
          users: [{ firstName: "Cap", token: TOKEN, role: "owner" }],
          monitors: Array.from({ length: monitors }, (_, i) => ({
            name: `${name} ${String(i).padStart(4, "0")}`,
            url: `https://m${i}.example.com/`,
          })),
        },
      ],
    }),
  });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { teams: { id: string }[] };
  return String(body.teams[0]!.id);
}

beforeAll(async () => {
  simulator = await startSimulator({ seed: "empty", autoChecks: false });
  client = new UptimeClient({ baseUrl: simulator.url, logger: silentLogger });
  teamId = await seed(DIGEST_MONITOR_PAGES * PAGE + 5, "Huge");
});
afterAll(async () => {
  await client.close();
  await simulator.close();
});

const request = (apiTeamId: string) => ({
  apiTeamId,
  filters: { monitors: [], groups: [] },
  cadence: "daily" as const,
  timeZone: "UTC",
  period: periodEndingNow("daily", Date.now()),
});

describe("a digest's page cap", () => {
  it("reads 50 pages of monitors, not the 51st, and says it stopped there", async () => {
    simulator.control.clearRequests();
    const report = await collectDigest(client.as(TOKEN), request(teamId));
    expect(report.capped).toBe(true);
    expect(report.monitorCount).toBe(DIGEST_MONITOR_PAGES * PAGE);
    const pages = simulator.control
      .requests()
      .filter((r) => r.path === `/teams/${teamId}/monitors`)
      .map((r) => new URLSearchParams(r.query).get("page[number]") ?? "1");
    expect(pages).toHaveLength(DIGEST_MONITOR_PAGES);
    expect(pages).not.toContain(String(DIGEST_MONITOR_PAGES + 1));
    const text = textOf(renderDigest(report, { requestedBy: "U1", scheduled: false }));
    expect(text).toContain(DIGEST_CAPPED_NOTE);
    expect(DIGEST_CAPPED_NOTE).toContain("stopped reading at 50 pages of monitors and 20 of incidents");
  });

  it("is not capped, and says nothing, when every page fits", async () => {
    const small = await seed(25, "Small");
    const report = await collectDigest(client.as(TOKEN), request(small));
    expect(report.capped).toBe(false);
    expect(report.monitorCount).toBe(25);
    expect(textOf(renderDigest(report, { requestedBy: "U1", scheduled: false }))).not.toContain(
      "stopped reading",
    );
  });
});
