/** Percent-decoding of text from a URL that anyone may send. */

/** decodeURIComponent, or undefined for a malformed escape (`%E0%A4%A`, `%zz`) instead of a URIError. */
export function decodeComponent(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
