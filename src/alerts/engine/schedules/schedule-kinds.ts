import { digestSchedule } from "./digest-schedules";
import { escalationSchedule } from "./escalation-schedules";
import { maintenanceSchedule } from "./maintenance-schedules";
import type { ScheduleKind } from "./schedule-kind";

export const SCHEDULE_KINDS: readonly ScheduleKind[] = [
  digestSchedule,
  escalationSchedule,
  maintenanceSchedule,
];
