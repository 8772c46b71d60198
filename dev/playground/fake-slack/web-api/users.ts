import { boolArg, stringArg } from "../args";
import { SlackApiError } from "../errors";
import type { FakeUserSeed } from "../types";
import type { MethodContext, MethodTable } from "./context";

/** A user as users.info returns it (and `user_change` carries it). */
export function userObject(ctx: Pick<MethodContext, "config" | "clock">, user: FakeUserSeed, isBot: boolean) {
  return {
    id: user.id,
    team_id: user.teamId ?? ctx.config.teamId,
    name: user.name,
    deleted: user.deleted === true,
    color: "9f69e7",
    real_name: user.realName,
    tz: "Europe/Amsterdam",
    tz_label: "Central European Time",
    tz_offset: 3600,
    profile: {
      real_name: user.realName,
      real_name_normalized: user.realName,
      display_name: user.name,
      display_name_normalized: user.name,
      team: user.teamId ?? ctx.config.teamId,
      ...(isBot ? { bot_id: ctx.config.botId, api_app_id: ctx.config.appId } : {}),
    },
    is_admin: user.isAdmin === true,
    is_owner: user.isOwner === true,
    is_primary_owner: false,
    is_restricted: false,
    is_ultra_restricted: false,
    is_bot: isBot,
    is_app_user: false,
    updated: Math.floor(ctx.clock.now() / 1000),
  };
}

export const usersMethods: MethodTable = {
  "users.info": {
    token: "bot",
    handle(args, ctx) {
      const id = stringArg(args, "user");
      if (id === ctx.config.botUserId) {
        const bot = { id, name: ctx.config.botName, realName: ctx.config.botName };
        return { user: userObject(ctx, bot, true) };
      }
      const user = id === undefined ? undefined : ctx.state.users.get(id);
      if (!user) throw new SlackApiError("user_not_found");
      return { user: userObject(ctx, user, false) };
    },
  },

  // https://docs.slack.dev/reference/methods/usergroups.users.list: `usergroup` required; an unknown one is
  // no_such_subteam ("No usergroup found with the given ID").
  "usergroups.users.list": {
    token: "bot",
    handle(args, ctx) {
      const id = stringArg(args, "usergroup");
      if (id === undefined || id === "") throw new SlackApiError("invalid_arguments");
      const group = ctx.state.usergroups.find((g) => g.id === id);
      if (!group) throw new SlackApiError("no_such_subteam");
      return { users: [...group.users] };
    },
  },

  // https://docs.slack.dev/reference/methods/usergroups.users.update: `usergroup` and `users` (a comma
  // separated list of user ids, "the entire list of users for the user group") required; an empty list is
  // invalid_users, an unknown group no_such_subteam, a user not in the workspace invalid_users. Scope:
  // usergroups:write (scope-table.ts).
  "usergroups.users.update": {
    token: "bot",
    handle(args, ctx) {
      const id = stringArg(args, "usergroup");
      const raw = stringArg(args, "users");
      if (id === undefined || raw === undefined) throw new SlackApiError("invalid_arguments");
      const users = raw
        .split(",")
        .map((u) => u.trim())
        .filter((u) => u !== "");
      if (users.length === 0) throw new SlackApiError("invalid_users");
      const group = ctx.state.usergroups.find((g) => g.id === id);
      if (!group) throw new SlackApiError("no_such_subteam");
      if (users.some((u) => !ctx.state.users.has(u))) throw new SlackApiError("invalid_users");
      group.users = [...new Set(users)];
      const updated = Math.floor(ctx.clock.now() / 1000);
      return {
        usergroup: {
          id: group.id,
          team_id: ctx.config.teamId,
          is_usergroup: true,
          name: group.name,
          handle: group.handle,
          date_update: updated,
          users: [...group.users],
          user_count: group.users.length,
        },
      };
    },
  },

  "usergroups.list": {
    token: "bot",
    handle(args, ctx) {
      const includeUsers = boolArg(args, "include_users") === true;
      const includeCount = boolArg(args, "include_count") === true;
      const created = Math.floor(ctx.clock.now() / 1000);
      return {
        usergroups: ctx.state.usergroups.map((g) => ({
          id: g.id,
          team_id: ctx.config.teamId,
          is_usergroup: true,
          is_subteam: true,
          name: g.name,
          description: "",
          handle: g.handle,
          is_external: false,
          date_create: created,
          date_update: created,
          date_delete: 0,
          auto_type: null,
          created_by: g.users[0] ?? ctx.config.botUserId,
          updated_by: g.users[0] ?? ctx.config.botUserId,
          deleted_by: null,
          prefs: { channels: [], groups: [] },
          ...(includeUsers ? { users: [...g.users] } : {}),
          ...(includeCount ? { user_count: g.users.length } : {}),
        })),
      };
    },
  },
};
