import { decodeList, decodeOne } from "../decode/documents";
import { type PathValue, path, queryString } from "../path";
import type { CallOptions, Decoder } from "../transport";
import type { Team, UpdateUserInput, User } from "../types";
import { APIResource, includeParam } from "./resource";

/** Includes shown to work on `GET /users/{id}`. */
export type UserInclude = "teams" | "teams.channels";

export interface GetUserOptions extends CallOptions {
  include?: UserInclude[];
}

const decodeUser: Decoder<User> = (json) => decodeOne("users", json);
const decodeTeams: Decoder<Team[]> = (json) => decodeList("teams", json);

export class Users extends APIResource {
  /** The user who owns the token (`GET /users/me`). */
  me(options?: GetUserOptions): Promise<User> {
    return this.get("me", options);
  }

  /** One user by id, or `me`. */
  get(id: PathValue, options?: GetUserOptions): Promise<User> {
    const query = queryString({ include: includeParam(options?.include) });
    return this.session.get(path`/users/${id}` + query, decodeUser, options);
  }

  /** Changes attributes of a user (`PATCH /users/{id}`); not retried. */
  update(id: PathValue, attributes: UpdateUserInput, options?: CallOptions): Promise<User> {
    const body = { data: { type: "users", id: String(id), attributes } };
    return this.session.send("PATCH", path`/users/${id}`, body, decodeUser, options);
  }

  /** The teams of a user (`GET /users/{id}/teams`), `me` by default. */
  teams(id: PathValue = "me", options?: CallOptions): Promise<Team[]> {
    return this.session.get(path`/users/${id}/teams`, decodeTeams, options);
  }

  /** Deletes the token owner's account; the password is required (422 when wrong). Not retried. */
  deleteMe(password: string, options?: CallOptions): Promise<void> {
    const body = { data: { type: "users", attributes: { password } } };
    return this.session.send("DELETE", "/users/me", body, null, options);
  }
}
