import { decodeOne } from "../decode/documents";
import { UsageError } from "../errors";
import type { Page } from "../pagination";
import { type PathValue, path, queryString } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { CreateMonitorInput, Incident, Monitor, MonitorSettings, UpdateMonitorInput } from "../types";
import { APIResource, getPage, includeParam, pageDecoder } from "./resource";
import type { MonitorInclude } from "./teams";

const decodeMonitor: Decoder<Monitor> = (json) => decodeOne("monitors", json);
const decodeIncidentPage = pageDecoder("incidents");

/** A8: the JSON:API attributes of a new monitor. */
export function createMonitorAttributes(input: CreateMonitorInput): Record<string, unknown> {
  const base = {
    name: input.name,
    group: input.group,
    pronounceable: input.pronounceable,
    interval: input.interval,
  };
  if (input.kind === "http") {
    // URL monitors carry no `service` (reference, Monitor).
    return { ...base, settings: { url: input.url, keywordBody: input.keywordBody } };
  }
  if (input.kind === "tcp_port") {
    return {
      ...base,
      service: "tcp_port",
      settings: { host: input.host, port: input.port, timeout: input.timeout },
    };
  }
  throw new UsageError(`unknown monitor kind: ${String((input as { kind: unknown }).kind)}`);
}

/** The JSON:API attributes of a monitor update; settings members go under `settings`. */
export function updateMonitorAttributes(input: UpdateMonitorInput): Record<string, unknown> {
  const { url, keywordBody, host, port, timeout, ...rest } = input;
  const settings: MonitorSettings = { url, keywordBody, host, port, timeout };
  const hasSettings = Object.values(settings).some((v) => v !== undefined);
  return hasSettings ? { ...rest, settings } : { ...rest };
}

export interface GetMonitorOptions extends CallOptions {
  /** A11: the includes of the team monitor list. */
  include?: MonitorInclude[];
}

export class Monitors extends APIResource {
  /** Creates an HTTP or TCP monitor in a team (`POST /teams/{id}/monitors`, A8); not retried. */
  create(teamId: PathValue, input: CreateMonitorInput, options?: CallOptions): Promise<Monitor> {
    const body = { data: { type: "monitors", attributes: createMonitorAttributes(input) } };
    return this.session.send("POST", path`/teams/${teamId}/monitors`, body, decodeMonitor, options);
  }

  /** One monitor, with optional includes (`GET /monitors/{id}`). */
  get(id: PathValue, options?: GetMonitorOptions): Promise<Monitor> {
    const query = queryString({ include: includeParam(options?.include) });
    return this.session.get(path`/monitors/${id}` + query, decodeMonitor, options);
  }

  /** Changes a monitor (`PATCH /monitors/{id}`, A7); not retried. */
  update(id: PathValue, input: UpdateMonitorInput, options?: CallOptions): Promise<Monitor> {
    const body = { data: { type: "monitors", id: String(id), attributes: updateMonitorAttributes(input) } };
    return this.session.send("PATCH", path`/monitors/${id}`, body, decodeMonitor, options);
  }

  /** Pauses a monitor (`POST /monitors/{id}/disable`, A7); not retried. */
  disable(id: PathValue, options?: CallOptions): Promise<Monitor> {
    return this.session.send("POST", path`/monitors/${id}/disable`, undefined, decodeMonitor, options);
  }

  /** Resumes a paused monitor (`POST /monitors/{id}/enable`, A7); not retried. */
  enable(id: PathValue, options?: CallOptions): Promise<Monitor> {
    return this.session.send("POST", path`/monitors/${id}/enable`, undefined, decodeMonitor, options);
  }

  /** Deletes a monitor (`DELETE /monitors/{id}`, A7: 204); not retried. */
  delete(id: PathValue, options?: CallOptions): Promise<void> {
    return this.session.send("DELETE", path`/monitors/${id}`, undefined, null, options);
  }

  /** One page of a monitor's incidents, newest first (`GET /monitors/{id}/incidents`, A7). */
  incidents(id: PathValue, options?: CallOptions & { page?: number }): Promise<Page<Incident>> {
    const base = path`/monitors/${id}/incidents`;
    return getPage(
      this.session,
      decodeIncidentPage,
      (n) => base + queryString({ "page[number]": n }),
      options?.page ?? 1,
      options,
    );
  }

  /** Every incident of a monitor from `options.page` on, page after page. */
  async *incidentsAll(
    id: PathValue,
    options?: CallOptions & { page?: number },
  ): AsyncGenerator<Incident, void, undefined> {
    yield* (await this.incidents(id, options)).all(options);
  }
}
