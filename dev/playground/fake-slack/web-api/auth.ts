import type { MethodTable } from "./context";

export const authMethods: MethodTable = {
  "auth.test": {
    token: "bot",
    handle(_args, ctx) {
      return {
        url: `https://${ctx.config.teamDomain}.slack.com/`,
        team: ctx.config.teamDomain,
        user: ctx.config.botName,
        team_id: ctx.config.teamId,
        user_id: ctx.config.botUserId,
        bot_id: ctx.config.botId,
        ...(ctx.config.enterpriseId ? { enterprise_id: ctx.config.enterpriseId } : {}),
        is_enterprise_install: ctx.config.isEnterpriseInstall,
      };
    },
  },

  "apps.connections.open": {
    token: "app",
    handle(_args, ctx) {
      return { url: ctx.openSocketUrl() };
    },
  },
};
