import { reminderSchedule } from "../../kinds/reminder/reminder-schedule";
import { digestSchedule } from "./digest-schedules";
import { escalationSchedule } from "./escalation-schedules";
import { maintenanceSchedule } from "./maintenance-schedules";
import type { ScheduleKind } from "./schedule-kind";

/** Every kind of schedule the worker fires: a new kind is one line here. */
export const SCHEDULE_KINDS: readonly ScheduleKind[] = [
  digestSchedule,
  escalationSchedule,
  maintenanceSchedule,
  reminderSchedule,
];
