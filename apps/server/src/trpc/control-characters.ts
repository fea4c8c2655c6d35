// Input strings never carry control characters: a NUL makes PostgreSQL refuse
// the text (a 500 if it gets that far), and the others end up in logs, e-mails
// and provider payloads where they do harm. Checked on the raw input of every
// procedure, before zod, so the answer is a 400 that names the field.

/** True when `text` holds a C0 control (U+0000–U+001F) or DEL (U+007F). Tabs and newlines too: no input is multi-line. */
export function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

export const CONTROL_CHARACTER_MESSAGE = "Control characters are not allowed";

export interface ControlCharacterIssue {
  path: Array<string | number>;
  message: string;
}

/** A place in the input: its key and its parent (paths are built only for the strings that fail). */
interface Place {
  value: unknown;
  key: string | number | null;
  parent: Place | null;
}

function pathOf(place: Place): Array<string | number> {
  const path: Array<string | number> = [];
  for (let current: Place | null = place; current !== null && current.key !== null; current = current.parent) {
    path.push(current.key);
  }
  return path.reverse();
}

/**
 * Every string in `value` (objects and arrays walked) holding a control character, with its path, in document order.
 * Iterative and linear, so a deeply nested body (100 KB of "[[[[…") can neither overflow the stack nor stall.
 */
export function findControlCharacters(value: unknown): ControlCharacterIssue[] {
  const issues: ControlCharacterIssue[] = [];
  const pending: Place[] = [{ value, key: null, parent: null }];
  for (let place = pending.pop(); place !== undefined; place = pending.pop()) {
    const current = place.value;
    if (typeof current === "string") {
      if (hasControlCharacter(current)) issues.push({ path: pathOf(place), message: CONTROL_CHARACTER_MESSAGE });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], key: index, parent: place });
      }
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string, unknown];
        pending.push({ value: item, key, parent: place });
      }
    }
  }
  return issues;
}

/** Carries the issues as `issues`, the shape format-error.ts turns into `fieldErrors` (like a ZodError). */
export class ControlCharacterError extends Error {
  override readonly name = "ControlCharacterError";
  constructor(readonly issues: ControlCharacterIssue[]) {
    super(CONTROL_CHARACTER_MESSAGE);
  }
}
