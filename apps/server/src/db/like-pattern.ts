/**
 * Escapes LIKE's wildcards (and its escape character) so the user's text is matched literally: a search for "a_b"
 * looks for those three characters, "100%" for a percent sign. PostgreSQL's default LIKE escape is the backslash.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
