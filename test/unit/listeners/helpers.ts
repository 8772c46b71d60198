// Fakes for listener unit tests, in the style of Slack's bolt-ts-starter-template (tests/helpers.ts): a fake
// ack, respond and Web API client, and a builder that casts the few fields a listener reads into Bolt's
// middleware arguments. The services are fakes too: what a use case does is tested in test/unit/services.
import { vi } from "vitest";
import { fixedClock } from "../../../src/lib/clock";
import { silentLogger } from "../../../src/lib/logger";
import type { ListenerDeps } from "../../../src/listeners/listener-deps";
import type { Services } from "../../../src/services";

export const NOW = Date.parse("2026-03-01T12:00:00Z");

/** A fake Web API client: every method a listener calls resolves `{ ok: true }`. */
export function fakeClient() {
  const ok = async (_args: Record<string, unknown>) => ({ ok: true });
  return {
    views: { open: vi.fn(ok), update: vi.fn(ok), publish: vi.fn(ok) },
    chat: { postMessage: vi.fn(ok), postEphemeral: vi.fn(ok) },
  };
}
export type FakeClient = ReturnType<typeof fakeClient>;

/** ListenerDeps with only the given services (a call to any other fails the test loudly). */
export function fakeDeps(services: Partial<Services>) {
  const logger = { ...silentLogger, error: vi.fn(), warn: vi.fn(), info: vi.fn() };
  const missing = (name: string | symbol) => () => {
    throw new Error(`the test gave no fake for services.${String(name)}`);
  };
  // Every command and Share click takes from the person's fair share first (services/fair-share.ts): a
  // listener test that is not about the limit gets a share that always answers "go on".
  const withShare: Partial<Services> = {
    takeFairShare: async () => ({ ok: true }),
    knownFairShareRefusal: () => undefined,
    ...services,
  };
  const proxied = new Proxy(withShare, {
    get: (target, name) => (name in target ? target[name as keyof Services] : missing(name)),
  });
  return { services: proxied as Services, logger, clock: fixedClock(NOW) } as unknown as ListenerDeps & {
    logger: typeof logger;
  };
}

/** The workspace the fake context belongs to, and the UserRef a listener derives for `userId`. */
export const TEAM = "T0WORK";
export const userRef = (userId: string) => ({
  enterpriseId: undefined,
  teamId: TEAM,
  isEnterpriseInstall: false,
  userId,
});

/** Bolt's middleware arguments of a block action, from the fields a listener reads. */
export function actionArgs<Args>(input: {
  body: Record<string, unknown>;
  action?: Record<string, unknown>;
  client?: FakeClient;
}) {
  const ack = vi.fn(async () => {});
  const respond = vi.fn(async (_message: Record<string, unknown>) => {});
  const client = input.client ?? fakeClient();
  const body: Record<string, unknown> = {
    user: { id: "U0ALICE" },
    container: { type: "message" },
    ...input.body,
  };
  const action = input.action ?? (body.actions as unknown[] | undefined)?.[0] ?? {};
  const args = { ack, respond, client, body, action, context: { teamId: TEAM, isEnterpriseInstall: false } };
  return { args: args as unknown as Args, ack, respond, client };
}

/** Bolt's middleware arguments of a view submission. */
export function viewArgs<Args>(input: {
  privateMetadata: string;
  values?: Record<string, Record<string, unknown>>;
  client?: FakeClient;
}) {
  const ack = vi.fn(async (_response?: Record<string, unknown>) => {});
  const client = input.client ?? fakeClient();
  const view = {
    id: "V0MODAL",
    private_metadata: input.privateMetadata,
    state: { values: input.values ?? {} },
  };
  const args = {
    ack,
    client,
    body: { user: { id: "U0ALICE" }, view },
    view,
    context: { teamId: TEAM, isEnterpriseInstall: false },
  };
  return { args: args as unknown as Args, ack, client };
}
