// Where the sandbox reports what it does: the CLI prints, tests stay quiet.

export interface SandboxLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const CONSOLE_LOGGER: SandboxLogger = {
  info: (message) => console.log(`[sandbox] ${message}`),
  warn: (message) => console.warn(`[sandbox] ${message}`),
  error: (message, error) => console.error(`[sandbox] ${message}`, error ?? ""),
};

/** Logs errors only (the default for programmatic sandboxes, so test output stays readable). */
export const QUIET_LOGGER: SandboxLogger = {
  info: () => {},
  warn: () => {},
  error: (message, error) => console.error(`[sandbox] ${message}`, error ?? ""),
};
