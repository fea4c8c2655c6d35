// Vitest global setup: the lifecycle tests run the compiled server, so bring
// apps/server/dist up to date once per run (a directory walk when it is fresh).
import { buildServer } from "../support/server-process";

export default function setup(): void {
  buildServer();
}
