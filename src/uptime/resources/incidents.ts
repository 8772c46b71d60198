import { decodeOne } from "../decode/documents";
import { type PathValue, path } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { Incident } from "../types";
import { APIResource } from "./resource";

const decodeIncident: Decoder<Incident> = (json) => decodeOne("incidents", json);

export class Incidents extends APIResource {
  /** One incident (`GET /incidents/{id}`, A7). */
  get(id: PathValue, options?: CallOptions): Promise<Incident> {
    return this.session.get(path`/incidents/${id}`, decodeIncident, options);
  }

  /**
   * Acknowledges an incident (`POST /incidents/{id}/acknowledge`, A7). Idempotent (an acknowledged one
   * comes back unchanged), so it is retried like a GET; an ended incident gives a ValidationError (422).
   */
  acknowledge(id: PathValue, options?: CallOptions): Promise<Incident> {
    return this.session.send(
      "POST",
      path`/incidents/${id}/acknowledge`,
      undefined,
      decodeIncident,
      options,
      true,
    );
  }
}
