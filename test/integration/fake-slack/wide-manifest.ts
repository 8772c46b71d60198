import { METHOD_SCOPES } from "../../../dev/playground/fake-slack/scope-table";

/**
 * A manifest granting every scope the fake knows, with a writable Messages tab: for the tests of the fake's
 * own methods, which are about what each method does, not about what the app's manifest.yml allows
 * (manifest-rules.test.ts covers that).
 */
export const WIDE_MANIFEST = {
  oauth_config: {
    scopes: {
      bot: [
        ...new Set(
          Object.values(METHOD_SCOPES).flatMap((needed) =>
            Array.isArray(needed) ? needed : Object.values(needed),
          ),
        ),
      ],
    },
  },
  features: { app_home: { messages_tab_enabled: true, messages_tab_read_only_enabled: false } },
};
