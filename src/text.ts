/** Small helpers for untyped JSON and for text shown to users. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object whose own keys are exactly `keys`: a record read back from a marker has nothing added or missing. */
export function hasExactly(value: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(value)
  return own.length === keys.length && keys.every((key) => own.includes(key))
}

export function tryParseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** A count as JSON gives it: a whole number, zero or more; undefined for anything else (missing, text, a fraction). */
export function wholeCount(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g

/**
 * A text field of an API record, or null when absent or blank. Control characters are folded into
 * spaces: a value with a line break could pass as a workflow command in the log.
 */
export function fieldText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() ? value.replace(CONTROL_CHARACTERS, ' ') : null
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return null
}

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const LINE_BREAKING = /\r\n|[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g

/**
 * A message as one line of the log, whatever text from outside it holds (a check's name, a status
 * context, a login, a file or branch name, a server's message). The runner reads a line of the step's
 * output as a workflow command when it starts with `::` after any spaces, or holds `##[` anywhere (the
 * older form). So every control character (line breaks included) becomes a space, `##[` becomes `## [`,
 * and a line that would still start with `::` is put behind a bar, as the log shows text from outside.
 */
export function logLine(message: string): string {
  const line = message.replace(LINE_BREAKING, ' ').replace(/##\[/g, '## [')
  return /^\s*::/.test(line) ? `| ${line}` : line
}

/** The first line of a text (all of it when it has no line break). */
export function firstLine(text: string): string {
  const end = text.indexOf('\n')
  return end === -1 ? text : text.slice(0, end)
}

/** A sentence without its closing period, to be followed by more of the sentence. */
export function stripPeriod(text: string): string {
  return text.replace(/[.\s]+$/, '')
}

/** Cuts text to `limit` characters, marking the cut with an ellipsis. */
export function clipText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text
}

/** A phrase as the start of a sentence: `job job_1` → `Job job_1`. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
