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

/**
 * Cuts the secrets (the API key, the assistant key, a bundle link and its signature) out of text in every
 * form each may take there: plain, JSON-escaped (`\u005f`, also escaped twice), URL-encoded (`%5F`, either
 * case), as an HTML character reference (`&#95;`), or with markdown's backslash escapes (`mint\_…`). Each
 * character may take any of these forms on its own, because servers escape only some characters. The longest
 * goes first: a link is cut whole before its signature, a secret of its own, could leave the rest standing.
 * Its base64 forms are cut too (a server that echoes an `Authorization: Basic` header). An empty secret cuts
 * nothing.
 */
export function redact(text: string, ...secrets: string[]): string {
  const longestFirst = secrets.flatMap(withBase64Forms).sort((a, b) => b.length - a.length)
  return longestFirst.reduce((cut, secret) => (secret ? cut.replace(secretPattern(secret), '***') : cut), text)
}

/** Shorter secrets are not cut in base64: a few base64 characters could stand for anything. */
const MIN_BASE64_SECRET = 12
const base64Cache = new Map<string, string[]>()

/**
 * The secret and its base64 forms (standard and URL-safe) wherever it sits in the encoded text: for each of
 * the three byte alignments, the characters that carry only the secret's own bits.
 */
function withBase64Forms(secret: string): string[] {
  if (secret.length < MIN_BASE64_SECRET) return [secret]
  let forms = base64Cache.get(secret)
  if (!forms) {
    const bytes = Buffer.from(secret, 'utf8')
    forms = [secret]
    for (let shift = 0; shift < 3; shift++) {
      const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64')
      const pure = encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6))
      forms.push(pure, pure.replace(/\+/g, '-').replace(/\//g, '_'))
    }
    forms = [...new Set(forms)]
    base64Cache.set(secret, forms)
  }
  return forms
}

const patterns = new Map<string, RegExp>()

function secretPattern(secret: string): RegExp {
  let pattern = patterns.get(secret)
  if (!pattern) {
    pattern = new RegExp([...secret].map(characterForms).join(''), 'g')
    patterns.set(secret, pattern)
  }
  pattern.lastIndex = 0
  return pattern
}

/** One character of the secret in any of its encodings, as a regular expression group. */
function characterForms(character: string): string {
  const code = character.codePointAt(0) ?? 0
  // JSON escapes UTF-16 units: a character outside the BMP is two of them.
  const utf16 = Array.from({ length: character.length }, (_, i) => character.charCodeAt(i))
  const forms = [
    `\\\\*${character.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}`,
    utf16.map((unit) => `\\\\+u${hex(unit, 4)}`).join(''),
    [...Buffer.from(character, 'utf8')].map((byte) => `%${hex(byte, 2)}`).join(''),
    `&#0*${code};?`,
    `&#[xX]0*${hex(code, 1)};?`
  ]
  return `(?:${forms.join('|')})`
}

/** Hexadecimal digits of `value`, at least `width` of them, matching either letter case. */
function hex(value: number, width: number): string {
  return value
    .toString(16)
    .padStart(width, '0')
    .replace(/[a-f]/g, (letter) => `[${letter}${letter.toUpperCase()}]`)
}
