import { decodeList } from "../decode/documents";
import type { CallOptions, Decoder } from "../transport";
import type { Location } from "../types";
import { APIResource } from "./resource";

const decodeLocations: Decoder<Location[]> = (json) => decodeList("locations", json);

export class Locations extends APIResource {
  /** Every checking location, never paginated (`GET /locations`, A7). */
  list(options?: CallOptions): Promise<Location[]> {
    return this.session.get("/locations", decodeLocations, options);
  }
}
