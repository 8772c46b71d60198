import { decodeStatus } from "../decode/documents";
import type { CallOptions } from "../transport";
import type { ServiceStatus } from "../types";
import { APIResource } from "./resource";

export class Status extends APIResource {
  /** The service's own health: `active`, or `error` with the components that may have an issue (`GET /status`). */
  get(options?: CallOptions): Promise<ServiceStatus> {
    return this.session.get("/status", decodeStatus, options);
  }
}
