/**
 * Every Redis key of the project, built from one namespace prefix (a test gives each suite its own).
 * Keys that a Lua script, a MULTI or a pipeline touches together share one hash tag `{...}` (or are one
 * key), so that each runs in one slot of a Redis Cluster (REDIS_CLUSTER_NODES, docs/architecture.md sections 5 and 9;
 * the `cluster` test project runs the stores on one).
 */
export type Keyspace = ReturnType<typeof keyspace>;

export function keyspace(prefix = "uc:") {
  return {
    prefix,
    // --- accounts and installations (store: links, installations, pending actions) ---
    // `ws` is workspaceKey() of src/store/workspace.ts (`T:<teamId>` or `E:<enterpriseId>`). No hash tags:
    // every write here touches one key at a time (indexes are kept race-safe by write order instead).
    /** Hash: `profile` (JSON), `token` (ciphertext), optional `active` (team override) and `stale` ("1"). */
    link: (ws: string, userId: string) => `${prefix}link:${ws}:${userId}`,
    /** Set of the user ids linked in a workspace, so that app_uninstalled never SCANs. */
    linkIndex: (ws: string) => `${prefix}link-index:${ws}`,
    /** Hash: `app` (latest installation) and `user:<userId>` (that user's token part), each a ciphertext. */
    installation: (ws: string) => `${prefix}installation:${ws}`,
    /** String with a TTL: the action an unlinked user tried, completed after linking. */
    pendingAction: (ws: string, userId: string) => `${prefix}pending:${ws}:${userId}`,
    /**
     * String with a TTL: one replica offboards this user (deactivated in Slack, or their tokens revoked);
     * a redelivered event meanwhile finds it taken and leaves the work to that one.
     */
    offboarding: (ws: string, userId: string) => `${prefix}offboarding:${ws}:${userId}`,
    /** Set of the user ids with a pending action (expires after the last one). */
    pendingIndex: (ws: string) => `${prefix}pending-index:${ws}`,
    /**
     * String with a TTL: a linked user's teams and roles as `GET /users/me?include=teams` last said, for the
     * checks of alert changes (store/membership-cache.ts). Not indexed: it expires within a minute.
     */
    memberships: (ws: string, userId: string) => `${prefix}memberships:${ws}:${userId}`,

    // --- alerts (scheduler, poll state, outbox) ---
    // Every key of one scheduler shard N carries the hash tag `{p:N}`, so each script touches one slot.
    // Targets (`team:<apiTeamId>:<tokenHash>`) never contain `{`, so the shard's tag is the key's first.
    /** Sorted set: poll target -> next due time in ms (while leased: the lease expiry). */
    pollDue: (shard: number) => `${prefix}{p:${shard}}:due`,
    /**
     * Hash per target: `state`, `lease` ("" once committed), `committed` (the token of the last commit),
     * `epoch`, `group`, `failures`, `meta` (lease expiry: pollDue), and while its token is being rejected
     * `rejCount`, `rejSince` and, once paused, `paused` (the reason).
     */
    pollTarget: (shard: number, target: string) => `${prefix}{p:${shard}}:t:${target}`,
    /** The part before the target: scripts that walk several targets build their keys from it. */
    pollTargetPrefix: (shard: number) => `${prefix}{p:${shard}}:t:`,
    /**
     * List that lasts a lease: the targets one claim (`stem`: claim-n.lua ARGV[4]) leased, so that the same
     * claim run again, its reply lost, answers them again instead of leasing others.
     */
    pollClaimRecord: (shard: number, stem: string) => `${prefix}{p:${shard}}:claim:${stem}`,
    /** Set: the subscribers (e.g. channel subscriptions) sharing a target; the target goes with the last. */
    pollSubscribers: (shard: number, target: string) => `${prefix}{p:${shard}}:s:${target}`,
    /** String with an expiry: until when (ms) a token group must not be polled (429 Retry-After). */
    pollCoolDown: (shard: number, group: string) => `${prefix}{p:${shard}}:cool:${group}`,
    /**
     * The part before the group, for scripts that look up the group of each claimed target; as a key of
     * its own, the latest cool-down end of the shard (claim-n.lua reads the groups' keys only while it lasts).
     */
    pollCoolDownPrefix: (shard: number) => `${prefix}{p:${shard}}:cool:`,
    /** Stream: alert events written by the commit script of that shard (fields `target`, `event`). */
    alertOutbox: (shard: number) => `${prefix}{p:${shard}}:outbox`,
    /**
     * Stream: the shard's outbox entries that could not be delivered (unreadable, or too many attempts),
     * with why; same hash tag as the outbox, so one script moves an entry (`npm run alerts -- dead-letters`).
     */
    alertDeadLetters: (shard: number) => deadLettersOf(`${prefix}{p:${shard}}:outbox`),

    /**
     * Sorted set: schedule id (`digest:<subscriptionId>`) -> its next due time (ms) (docs/architecture.md section 5
     * "Schedules"). In the shard of its id, so that firing one XADDs to that shard's outbox in one script.
     */
    scheduleDue: (shard: number) => `${prefix}{p:${shard}}:sched`,
    /** Hash per schedule: `spec` (JSON) and `last`, the period it last fired for (once per period). */
    schedule: (shard: number, id: string) => `${prefix}{p:${shard}}:sched:${id}`,

    // --- alert delivery (subscriptions, message references, mutes, channel slots) ---
    // `ws` is workspaceKey(); every script here touches one key, so none needs a hash tag.
    /** Hash per subscription: `sub` (JSON) and `paused` (JSON, present while paused). */
    subscription: (id: string) => `${prefix}sub:${id}`,
    /** Set of subscription ids of a channel. */
    subscriptionsByChannel: (ws: string, channelId: string) => `${prefix}sub-channel:${ws}:${channelId}`,
    /**
     * String (JSON list): the runbook links of one monitor (`m:<id>`) or group (`g:<name>`) of an API team,
     * kept until removed (store/runbook-store.ts).
     */
    runbooks: (apiTeamId: string, target: string) => `${prefix}runbooks:${apiTeamId}:${target}`,
    /** String (JSON): the live board of one channel, its message and what it last showed (kinds/board). */
    board: (ws: string, channelId: string) => `${prefix}board:${ws}:${channelId}`,
    /** Hash: paused subscription id -> pause reason, for the `uptime_chatops_subscriptions_paused` gauge. */
    subscriptionsPaused: () => `${prefix}sub-paused`,
    /** Set of subscription ids sharing a poll target: the delivery fan-out. */
    subscriptionsByTarget: (target: string) => `${prefix}sub-target:${target}`,
    /** Set of subscription ids created by a Slack user (App Home). */
    subscriptionsByUser: (ws: string, userId: string) => `${prefix}sub-user:${ws}:${userId}`,
    /** Set of every subscription id of a workspace, so that app_uninstalled never SCANs. */
    subscriptionsByWorkspace: (ws: string) => `${prefix}sub-ws:${ws}`,
    /** String (JSON) with a TTL: the message of one incident in one channel (ts, stage, attempt, reply). */
    alertMessage: (ws: string, channelId: string, incidentId: string) =>
      `${prefix}alert-msg:${ws}:${channelId}:${incidentId}`,
    /**
     * String with a TTL: the Slack user who acknowledged an incident from any Slack surface, so that every
     * channel's message for it says who.
     */
    alertAckedBy: (ws: string, incidentId: string) => `${prefix}alert-ack:${ws}:${incidentId}`,
    /** String (JSON) with a TTL: one slow-response alert's message in one channel. */
    alertSlow: (ws: string, channelId: string, alertId: string) =>
      `${prefix}alert-slow:${ws}:${channelId}:${alertId}`,
    /**
     * List (JSON entries) with a TTL: what happened to an incident in Slack beyond the API's own times
     * (escalated, muted, unmuted, per channel), for `/uptime incident`'s timeline.
     */
    alertTimeline: (ws: string, incidentId: string) => `${prefix}alert-timeline:${ws}:${incidentId}`,
    /**
     * Hash with a TTL: channel id -> subscription id of every channel that got a message of an incident, so
     * that an acknowledge from any surface redraws all of them at once.
     */
    alertIncidentChannels: (ws: string, incidentId: string) => `${prefix}alert-chans:${ws}:${incidentId}`,
    /**
     * Sorted set with a TTL: incident id -> when it was listed (ms), the channel's recent alerts (the newest
     * few), so that the note shortcut outside a thread offers the channel's open and recent incidents.
     */
    alertChannelIncidents: (ws: string, channelId: string) => `${prefix}alert-chan-incs:${ws}:${channelId}`,
    /**
     * String with a TTL: the incident whose alert root is the message `ts` of a channel, so that a message
     * shortcut on the root or in its thread finds the incident (store/incident-note-store.ts).
     */
    alertRootOf: (ws: string, channelId: string, ts: string) =>
      `${prefix}alert-root:${ws}:${channelId}:${ts}`,
    /** Hash with a TTL (90 days): `<channel>:<ts>` (or `cmd:<id>`) -> note JSON, an incident's notes. */
    incidentNotes: (ws: string, incidentId: string) => `${prefix}notes:${ws}:${incidentId}`,
    /** String with a TTL (90 days): the postmortem canvas of an incident (its id, or a claim while made). */
    incidentCanvas: (ws: string, incidentId: string) => `${prefix}canvas:${ws}:${incidentId}`,
    /** String (JSON) with a TTL: a monitor's last root and recent incident starts in a channel (flap). */
    alertMonitor: (ws: string, channelId: string, monitorId: string) =>
      `${prefix}alert-mon:${ws}:${channelId}:${monitorId}`,
    /** String (JSON) with a TTL: an API team's recent opens and storm roll-up in a channel. */
    alertStorm: (ws: string, channelId: string, apiTeamId: string) =>
      `${prefix}alert-storm:${ws}:${channelId}:${apiTeamId}`,
    /** String (JSON) with a TTL: one digest of a subscription for one period (attempt, ts, chart). */
    digestPost: (subscriptionId: string, period: string) =>
      `${prefix}digest-post:${subscriptionId}:${period}`,
    /** String with a TTL: the lease token of the worker reconciling a channel right now. */
    alertChannelLock: (ws: string, channelId: string) => `${prefix}alert-lock:${ws}:${channelId}`,
    /** String with a TTL: the next free posting slot (ms, Redis time) of a channel. */
    alertChannelSlot: (ws: string, channelId: string) => `${prefix}alert-slot:${ws}:${channelId}`,
    /**
     * Hash per channel: monitor id -> mute (JSON: until, who, monitor name, API team), so that a channel's
     * mutes are listed without a SCAN. The key expires with its last mute; ended mutes are pruned on read.
     */
    channelMutes: (ws: string, channelId: string) => `${prefix}mutes:${ws}:${channelId}`,

    // --- link unfurls (store/unfurl-store.ts) ---
    /**
     * Hash with a TTL per open incident: the unfurls showing it (workspace|channel|ts|url -> record JSON),
     * refreshed when the alert pipeline sees the incident change. API incident ids are global.
     */
    unfurls: (incidentId: string) => `${prefix}unfurls:${incidentId}`,
    // --- unfurl consent (store/unfurl-consent-store.ts) ---
    /** Hash per person: conversation id -> `show` | `not-here`, and `*` -> `never` (every conversation). */
    unfurlConsent: (ws: string, userId: string) => `${prefix}unfurl-consent:${ws}:${userId}`,
    /** String `1` while a workspace's admin allows previews in externally shared channels (Slack Connect). */
    unfurlExternal: (ws: string) => `${prefix}unfurl-external:${ws}`,
    /** String with a TTL: a consent question asked and not yet answered (its links, message and poster). */
    unfurlPrompt: (id: string) => `${prefix}unfurl-prompt:${id}`,
    // --- fair shares: token buckets, one key per script (bucket-*.lua) ---
    /**
     * Hash with a TTL (`level`, `at`): a Slack user's bucket of commands or of charts, shared by every
     * replica; gone once full again.
     */
    fairShare: (ws: string, userId: string, kind: "command" | "chart") =>
      `${prefix}fair:${kind}:${ws}:${userId}`,
    /**
     * Hash with a TTL (`level`, `at`): the interactive share of one API token's rate limit (A12), named by
     * the token's short hash (never the token), so that replicas agree on what commands have spent.
     */
    apiBudget: (tokenHash: string) => `${prefix}api-budget:${tokenHash}`,
    /**
     * Hash per channel: window id -> planned quiet window (JSON: scope, start, end, who, why, notes posted),
     * so that `/uptime maintenance` lists them without a SCAN. Expires a day after its last window ends.
     */
    channelMaintenance: (ws: string, channelId: string) => `${prefix}maint:${ws}:${channelId}`,
    /** Hash per window: incident id -> subscription id of the outages it held back, alerted at its end. */
    maintenanceHeld: (ws: string, channelId: string, windowId: string) =>
      `${prefix}maint-held:${ws}:${channelId}:${windowId}`,
    /**
     * String (JSON) per channel: its on-call rota (people, turn, handover time and zone, override, user
     * group) and the last handover announced, so that a redelivered handover posts nothing again.
     */
    channelRota: (ws: string, channelId: string) => `${prefix}rota:${ws}:${channelId}`,
    // --- Workflow Builder steps waiting for their runner's Confirm (store/step-confirmation-store.ts) ---
    /** String (JSON) with a TTL: one step run waiting for Confirm / Cancel (its run token encrypted). */
    stepConfirmation: (id: string) => `${prefix}step-confirm:${id}`,
    /** Sorted set: waiting confirmation id -> its deadline (ms), read by every replica's sweep. */
    stepConfirmationDue: () => `${prefix}step-confirm-due`,
    /** String with a TTL, set if absent: the replica answering this confirmation now (a click or the sweep). */
    stepConfirmationClaim: (id: string) => `${prefix}step-confirm-claim:${id}`,
    // --- incident channels (store/incident-channel-store.ts) ---
    // `subject` is `i:<incidentId>` (an alert's) or `s:<apiTeamId>:<channelId>:<rollupId>` (a roll-up's).
    /** String with a TTL, set if absent: who is opening the subject's channel (two clicks make one). */
    incidentChannelClaim: (ws: string, subject: string) => `${prefix}inc-claim:${ws}:${subject}`,
    /** String (JSON) with a TTL: the subject's incident channel once created. */
    incidentChannel: (ws: string, subject: string) => `${prefix}inc-chan:${ws}:${subject}`,
    /** Hash with a TTL: `<incidentId>:<kind>` -> the timeline post in the channel (attempt, ts). */
    incidentChannelPosts: (ws: string, subject: string) => `${prefix}inc-posts:${ws}:${subject}`,
    /** String with a TTL: the subject whose channel follows an incident (an alert's or its roll-up's). */
    incidentChannelOf: (ws: string, incidentId: string) => `${prefix}inc-of:${ws}:${incidentId}`,
    /** String with a TTL: the subject of the incident channel with this Slack channel id. */
    incidentChannelSubject: (ws: string, channelId: string) => `${prefix}inc-by-chan:${ws}:${channelId}`,
  };
}

/** The dead-letter stream of an outbox stream: its key plus `:dead`, so it keeps the outbox's hash tag. */
export function deadLettersOf(outboxKey: string): string {
  return `${outboxKey}:dead`;
}
