export type {
  FaultInput,
  RequestLogEntry,
  ScheduleInput,
  SeedInput,
  SeedResult,
  SimulatorControl,
} from "./control";
export { DEMO_PASSWORD, DEMO_TOKENS } from "./demo-seed";
export { ApiError } from "./errors";
export type { Resource } from "./render";
export { type RunningSimulator, type SimulatorOptions, startSimulator } from "./server";
