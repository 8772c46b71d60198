/**
 * The quiet teams the poller benches share (alerts, pollers-ab, scale): seeded in a simulator process, each with
 * its owner's token and two monitors, and registered as poll targets. bench/poll-worker-process.ts turns a
 * target's owner `UB<n>` back into its token `bench-token-<n>`.
 */

import type { SeedInput, SeedResult } from "../dev/simulator";
import { addPollTarget } from "../src/alerts/engine/poll/poll-target";
import { keyspace } from "../src/store/keys";
import { PollTargetStore } from "../src/store/poll-target-store";
import type { RedisClient } from "../src/store/redis-connection";

/** The Slack workspace every bench user belongs to. */
export const BENCH_SLACK_TEAM = "T0BENCH";
export const benchToken = (team: number) => `bench-token-${team}`;
export const benchOwner = (team: number) => `UB${team}`;

export interface SeededTeam {
  id: string;
  monitorIds: number[];
}

/** POST to the simulator's control API (`/__simulator<path>`). */
export async function simulatorControl<T>(url: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${url}/__simulator${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  if (response.status >= 300)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** `count` teams, each with its owner's token and two monitors, and one round of checks (10 a page). */
export async function seedQuietTeams(url: string, count: number): Promise<SeededTeam[]> {
  const teams: SeededTeam[] = [];
  for (let from = 0; from < count; from += 1_000) {
    const input: SeedInput = {
      teams: Array.from({ length: Math.min(1_000, count - from) }, (_, i) => ({
        name: `Bench team ${from + i}`,
        users: [{ firstName: `Owner${from + i}`, token: benchToken(from + i), role: "owner" }],
        monitors: [{ name: `web-${from + i}` }, { name: `api-${from + i}` }],
      })),
    };
    const result = await simulatorControl<SeedResult>(url, "/seed", input);
    teams.push(...result.teams.map((t) => ({ id: String(t.id), monitorIds: t.monitors.map((m) => m.id) })));
  }
  await simulatorControl(url, "/checks/run");
  return teams;
}

/** Each team as a poll target under `prefix`, due now, polled with its owner's token. */
export async function addQuietPollTargets(
  redis: RedisClient,
  prefix: string,
  teams: SeededTeam[],
): Promise<void> {
  const scheduler = new PollTargetStore({ redis, keys: keyspace(prefix) });
  const now = Date.now();
  for (let from = 0; from < teams.length; from += 500) {
    await Promise.all(
      teams.slice(from, from + 500).map((team, i) =>
        addPollTarget(
          scheduler,
          {
            apiTeamId: team.id,
            token: benchToken(from + i),
            tokenRef: { teamId: BENCH_SLACK_TEAM, userId: benchOwner(from + i) },
            subscriber: `bench-subscriber-${from + i}`,
          },
          now,
        ),
      ),
    );
  }
}
