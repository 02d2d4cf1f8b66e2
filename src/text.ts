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
  return longestFirst.reduce((cut, secret) => (secret ? cutSecret(cut, secret) : cut), text)
}

/** Every form but the plain one starts with a backslash, a percent sign or an ampersand. */
const ESCAPE_STARTS = /[\\%&]/

/** One character of a secret, with what each of its forms is made of. */
interface SecretCharacter {
  text: string
  /** Its UTF-16 units, which JSON escapes one at a time. */
  units: number[]
  /** Its UTF-8 bytes, which a URL encodes one at a time. */
  bytes: number[]
  code: number
}

const spellings = new Map<string, SecretCharacter[]>()

function spelling(secret: string): SecretCharacter[] {
  let characters = spellings.get(secret)
  if (!characters) {
    characters = [...secret].map((text) => ({
      text,
      units: Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)),
      bytes: [...Buffer.from(text, 'utf8')],
      code: text.codePointAt(0) ?? 0
    }))
    spellings.set(secret, characters)
  }
  return characters
}

/** `text` with each place that spells `secret`, a character at a time in any of its forms, made `***`. */
function cutSecret(text: string, secret: string): string {
  // A text with no escape can hold the secret only as written (most log lines).
  if (!ESCAPE_STARTS.test(text)) return text.includes(secret) ? text.split(secret).join('***') : text
  const characters = spelling(secret)
  const [first] = characters
  if (first === undefined) return text
  // Where a spelling may start: the first character as written, or an escape.
  const starts = new RegExp(`[\\\\%&]|${first.text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}`, 'g')
  let cut = ''
  let copied = 0
  for (let found = starts.exec(text); found !== null; found = starts.exec(text)) {
    const at = found.index
    const end = mayStart(text, at, first) ? spelledTo(text, at, characters) : -1
    if (end === -1) {
      // A spelling inside a run of backslashes would start at the run's first one too (its forms take any
      // number of them before a character or a `u`): past a run, so a long one costs one look, not one each.
      starts.lastIndex = backslashRunEnd(text, at)
      continue
    }
    cut += `${text.slice(copied, at)}***`
    copied = end
    starts.lastIndex = end
  }
  return copied === 0 ? text : cut + text.slice(copied)
}

/**
 * Whether the first character may be spelled from `at`, judged by the first characters of its forms: most
 * escapes in a text (JSON's `\"`, a URL's `%20`, a query's `&`) are of other characters and end here.
 */
function mayStart(text: string, at: number, first: SecretCharacter): boolean {
  let after = at
  while (text.charCodeAt(after) === BACKSLASH) after++
  const next = text.charCodeAt(after)
  if (next === first.text.charCodeAt(0)) return true
  // After backslashes: the character itself (a backslash among them), or a `\u` escape.
  if (after > at) return first.text === '\\' || next === LETTER_U
  if (next === PERCENT) return sameHex(text.slice(at + 1, at + 3), first.bytes[0] ?? 0, 2)
  return next === AMPERSAND && text.charCodeAt(at + 1) === HASH
}

/**
 * Where the secret ends when it is spelled from `at` on, or -1. A character may end at several places (an
 * optional `;`, backslashes before a backslash), so each place one may end is followed, and the farthest
 * end wins: all that the secret's spelling takes is cut.
 */
function spelledTo(text: string, at: number, characters: readonly SecretCharacter[]): number {
  let ends = [at]
  for (const character of characters) {
    const next: number[] = []
    for (const from of ends) characterEnds(text, from, character, next)
    if (next.length === 0) return -1
    ends = next
  }
  return Math.max(...ends)
}

/** Just past the backslashes that start at `at`, or past `at` when it holds none. */
function backslashRunEnd(text: string, at: number): number {
  let end = at
  while (text.charCodeAt(end) === BACKSLASH) end++
  return Math.max(end, at + 1)
}

const BACKSLASH = 0x5c
const PERCENT = 0x25
const AMPERSAND = 0x26
const HASH = 0x23
const LETTER_U = 0x75

/**
 * Adds to `ends` where a character ends when it is written at `from` in one of its forms: as itself after
 * any backslashes (markdown's escape, JSON's of a quote or a slash), as JSON escapes of its UTF-16 units
 * (`\u005f`, also escaped twice), as URL-encoded UTF-8 bytes (`%5F`), or as an HTML character reference
 * (`&#95;`, `&#x5f`). Hexadecimal digits match in either case.
 */
function characterEnds(text: string, from: number, character: SecretCharacter, ends: number[]): void {
  const add = (end: number): void => {
    if (end !== -1 && !ends.includes(end)) ends.push(end)
  }
  let slashes = from
  while (text.charCodeAt(slashes) === BACKSLASH) slashes++
  // Any of the backslashes may be the character's own (a backslash written after escaping ones).
  for (let start = slashes; start >= from; start--) if (text.startsWith(character.text, start)) add(start + character.text.length)
  if (slashes > from) add(unitsEnd(text, from, character.units))
  if (text.charCodeAt(from) === PERCENT) add(bytesEnd(text, from, character.bytes))
  if (text.startsWith('&#', from)) referenceEnds(text, from, character.code).forEach(add)
}

/** The end of `\uXXXX` escapes (one or more backslashes each) of the UTF-16 units, or -1. */
function unitsEnd(text: string, from: number, units: readonly number[]): number {
  let at = from
  for (const unit of units) {
    const slashes = at
    while (text.charCodeAt(at) === BACKSLASH) at++
    if (at === slashes || text[at] !== 'u' || !sameHex(text.slice(at + 1, at + 5), unit, 4)) return -1
    at += 5
  }
  return at
}

/** The end of `%XX` for each of the UTF-8 bytes, or -1. */
function bytesEnd(text: string, from: number, bytes: readonly number[]): number {
  let at = from
  for (const byte of bytes) {
    if (text[at] !== '%' || !sameHex(text.slice(at + 1, at + 3), byte, 2)) return -1
    at += 3
  }
  return at
}

/** The ends of `&#95` and `&#x5f` (leading zeros allowed), each without and with its closing `;`. */
function referenceEnds(text: string, from: number, code: number): number[] {
  const hexadecimal = text[from + 2] === 'x' || text[from + 2] === 'X'
  const start = from + (hexadecimal ? 3 : 2)
  let at = start
  while (text[at] === '0') at++
  // Code 0 is written as zeros alone, at least one.
  if (code === 0 && at === start) return []
  const digits = code === 0 ? '' : hexadecimal ? code.toString(16) : String(code)
  if (text.slice(at, at + digits.length).toLowerCase() !== digits) return []
  const end = at + digits.length
  return text[end] === ';' ? [end, end + 1] : [end]
}

/** Whether `written` is `value` in `width` hexadecimal digits, in either letter case. */
function sameHex(written: string, value: number, width: number): boolean {
  return written.length === width && written.toLowerCase() === value.toString(16).padStart(width, '0')
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

/** A phrase as the start of a sentence: `job job_1` → `Job job_1`. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
