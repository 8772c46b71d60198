import { Redis } from "ioredis";
import { DEMO_TOKENS } from "../dev/simulator";
import { silentLogger } from "../src/lib/logger";
import { TokenCipher } from "../src/store/crypto/token-cipher";
import { keyspace } from "../src/store/keys";
import { LinkStore } from "../src/store/link-store";
import { UptimeClient } from "../src/uptime";

/**
 * Links each of `userIds` to the simulator's demo owner token, as `/uptime login` would (the benches' people
 * all read the demo team; in a real team each person has a token of their own).
 */
export async function linkDemoOwner(
  redisUrl: string,
  key: string,
  apiUrl: string,
  teamId: string,
  userIds: readonly string[],
): Promise<void> {
  const client = new UptimeClient({ baseUrl: apiUrl, logger: silentLogger });
  const redis = new Redis(redisUrl);
  try {
    const api = client.as(DEMO_TOKENS.owner);
    const [me, teams] = await Promise.all([api.users.me(), api.users.teams()]);
    const links = new LinkStore({ redis, keys: keyspace("uc:"), cipher: TokenCipher.fromSetting(key) });
    for (const userId of userIds) {
      await links.save({ teamId, userId }, DEMO_TOKENS.owner, {
        apiUserId: me.id,
        apiUserName: `${me.firstName} ${me.lastName}`,
        teams: teams.map((t) => ({ id: t.id, name: t.name, role: "owner" })),
        activeTeamId: "1",
      });
    }
  } finally {
    await client.close();
    redis.disconnect();
  }
}
