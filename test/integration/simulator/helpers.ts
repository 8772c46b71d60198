import { request } from "undici";
import { expect } from "vitest";
import { type RunningSimulator, type SimulatorOptions, startSimulator } from "../../../dev/simulator/index";
import { jsonApiErrors } from "../../support/jsonapi-schema";

export function expectJsonApi(doc: unknown): void {
  const errors = jsonApiErrors(doc);
  if (errors)
    throw new Error(`Not a valid JSON:API document: ${errors}\n${JSON.stringify(doc).slice(0, 800)}`);
}

/** A parsed answer of the simulator; every JSON body has already been checked against the JSON:API schema. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read documents freely
  body: any;
}

export interface Api {
  url: string;
  sim: RunningSimulator;
  call(
    method: string,
    path: string,
    options?: { token?: string | null; body?: unknown; rawBody?: string; contentType?: string },
  ): Promise<Answer>;
  get(path: string, token?: string | null): Promise<Answer>;
  control(method: string, path: string, body?: unknown): Promise<Answer>;
}

export const OWNER = "demo-owner-token";
export const MEMBER = "demo-member-token";
export const READONLY = "demo-readonly-token";
export const STAGING = "demo-staging-token";

export async function startApi(options: SimulatorOptions = {}): Promise<Api> {
  const sim = await startSimulator(options);
  const call: Api["call"] = async (method, path, opts = {}) => {
    const token = opts.token === undefined ? OWNER : opts.token;
    const headers: Record<string, string> = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined || opts.body !== undefined) {
      body = opts.rawBody ?? JSON.stringify(opts.body);
      headers["content-type"] = opts.contentType ?? "application/json; charset=utf-8";
    }
    const res = await request(sim.url + path, { method: method as "GET", headers, body });
    const text = await res.body.text();
    const parsed = text ? JSON.parse(text) : undefined;
    if (parsed !== undefined && !path.startsWith("/__simulator/")) {
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expectJsonApi(parsed);
    }
    return { status: res.statusCode, headers: res.headers, body: parsed };
  };
  return {
    url: sim.url,
    sim,
    call,
    get: (path, token) => call("GET", path, { token }),
    control: (method, path, body) => call("POST" === method ? "POST" : method, path, { token: null, body }),
  };
}

/** An A1 error document with the given status on its single (or first) error. */
export function expectError(a: Answer, status: number, pointer?: string): void {
  expect(a.status).toBe(status);
  expect(a.body.errors.length).toBeGreaterThan(0);
  expect(a.body.errors[0]).toMatchObject({
    status: String(status),
    title: expect.any(String),
    detail: expect.any(String),
  });
  if (pointer)
    expect(a.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer)).toContain(pointer);
}
