// One simulator per test file, reached by the real client through a recording proxy, so that every
// response the client decoded can be checked against the official JSON:API schema afterwards.
import { expect } from "vitest";
import { type RunningSimulator, type SimulatorOptions, startSimulator } from "../../../dev/simulator";
import { type UptimeApi, UptimeClient, type UptimeClientOptions } from "../../../src/uptime";
import { jsonApiErrors } from "../../support/jsonapi-schema";
import { type RecordingProxy, startRecordingProxy } from "../../support/recording-proxy";

export const OWNER = "demo-owner-token";
export const MEMBER = "demo-member-token";
export const READONLY = "demo-readonly-token";
export const STAGING = "demo-staging-token";

export interface Stack {
  sim: RunningSimulator;
  proxy: RecordingProxy;
  client: UptimeClient;
  owner: UptimeApi;
  member: UptimeApi;
  readonly: UptimeApi;
  staging: UptimeApi;
  close(): Promise<void>;
}

/** Backoff in milliseconds so that retried calls stay fast; the policy itself is the default. */
const FAST_RETRY = { baseMs: 1, maxMs: 5 };

export async function startStack(
  options: SimulatorOptions = {},
  clientOptions: Partial<UptimeClientOptions> = {},
): Promise<Stack> {
  const sim = await startSimulator({ seed: "demo", autoChecks: false, ...options });
  const proxy = await startRecordingProxy(sim.url);
  const client = new UptimeClient({
    baseUrl: proxy.url,
    connections: 8,
    ...clientOptions,
    retry: { ...FAST_RETRY, ...clientOptions.retry },
  });
  return {
    sim,
    proxy,
    client,
    owner: client.as(OWNER),
    member: client.as(MEMBER),
    readonly: client.as(READONLY),
    staging: client.as(STAGING),
    async close() {
      await client.close();
      await proxy.close();
      await sim.close();
    },
  };
}

/**
 * Every JSON body the simulator sent through `proxy` is a valid JSON:API document with the A1 content
 * type; 204s carry no body. Returns how many documents were checked.
 */
export function expectRecordedJsonApi(proxy: RecordingProxy): number {
  let checked = 0;
  for (const r of proxy.responses) {
    const where = `${r.method} ${r.path} -> ${r.status}`;
    if (r.status === 204) {
      expect(r.body, where).toBe("");
      continue;
    }
    expect(r.contentType, where).toBe("application/json; charset=utf-8");
    const errors = jsonApiErrors(JSON.parse(r.body));
    expect(errors, `${where}: ${r.body.slice(0, 300)}`).toBeNull();
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
  return checked;
}
