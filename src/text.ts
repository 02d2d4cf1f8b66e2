/** Small helpers for untyped JSON and for text shown to users. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function tryParseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** The first line of a text (all of it when it has no line break). */
export function firstLine(text: string): string {
  const end = text.indexOf('\n')
  return end === -1 ? text : text.slice(0, end)
}

/** Cuts text to `limit` characters, marking the cut with an ellipsis. */
export function clipText(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text
}

/** Cuts a secret out of text, wherever it occurs. */
export function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join('***') : text
}
