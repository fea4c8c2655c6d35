// A real JSON logger (same redaction as production) whose lines a test reads:
//
//   const { logger, lines } = createCapturingLogger();
//   ... deps = { ...deps, logger } ...
//   expect(lines).toContainEqual(expect.objectContaining({ msg: "request" }));
import { Writable } from "node:stream";
import { createLogger, type Logger } from "../logging/logger";

export type LogLine = Record<string, unknown>;

export function createCapturingLogger(level = "info"): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim() !== "") lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: createLogger({ level, pretty: false, destination }), lines };
}
