/**
 * Cutting secrets out of text in whatever spelling a server, a serializer or a renderer gave them. The text
 * is read through decoded views: as written, then with its escapes undone once, twice and more (JSON's
 * `\u005f` and `\n`, JavaScript's `\x5f` and `\u{5f}`, markdown's `\_`, a URL's `%5F` and `%255F`, HTML's
 * `&#95;` and `&lowbar;`). Each view drops whitespace, zero-width characters and backslashes, so a key
 * split by a line break is whole again. A match in any view cuts the span of the original text it came
 * from. Every view costs one pass over the text, so the whole cut is linear in the text's length.
 */
import { escapeAt } from './redaction-escapes.js'

/**
 * How many characters of a key in a row are cut wherever they stand, as are its hex and base64 forms:
 * 16 characters of a random key are no word, and a few of them leave too little to guess the rest from.
 */
export const KEY_RUN = 16
/** Decodings in a row undone (`%25255F` is three); a fixed number keeps the cut linear. */
const DECODINGS = 4
/** Shorter secrets are not cut in base64: a few base64 characters could stand for anything. */
const MIN_BASE64_SECRET = 12

/** The secrets of a run: keys (any run of KEY_RUN characters is cut) and links, which are cut whole. */
export interface Secrets {
  keys: readonly string[]
  /** A link shares its start with every other link of its host, so only all of it is a secret. */
  whole: readonly string[]
}

/** `text` with each key in `keys` cut, and any run of KEY_RUN of its characters (see KEY_RUN). */
export function redact(text: string, ...keys: string[]): string {
  return cutSecrets(text, { keys, whole: [] })
}

/** `text` with every secret cut, each matched span made `***`. An empty secret cuts nothing. */
export function cutSecrets(text: string, secrets: Secrets): string {
  const targets = targetsOf(secrets)
  if (targets.size === 0 || text.length === 0) return text
  const cuts: Span[] = []
  let view: View | null = wholeText(text)
  for (let round = 0; view !== null && round <= DECODINGS; round++) {
    findTargets(visible(view), targets, cuts)
    view = round < DECODINGS ? decodedOnce(view) : null
  }
  return cutSpans(text, cuts)
}

/** A text read from the original, each of its UTF-16 units carrying the span of the original it stands for. */
interface View {
  text: string
  from: Int32Array
  to: Int32Array
}

type Span = [number, number]

function wholeText(text: string): View {
  const from = new Int32Array(text.length)
  const to = new Int32Array(text.length)
  for (let i = 0; i < text.length; i++) {
    from[i] = i
    to[i] = i + 1
  }
  return { text, from, to }
}

/**
 * Builds a view from another, a piece at a time. A view is never longer than its source (every escape is
 * longer than what it stands for), so its arrays are made once at the source's length.
 */
class ViewBuilder {
  private readonly units: Uint16Array
  private readonly from: Int32Array
  private readonly to: Int32Array
  private length = 0

  constructor(private readonly source: View) {
    this.units = new Uint16Array(source.text.length)
    this.from = new Int32Array(source.text.length)
    this.to = new Int32Array(source.text.length)
  }

  /** The UTF-16 unit `unit` standing for the source's units from `start` to `end` (exclusive). */
  addUnit(unit: number, start: number, end: number): void {
    this.units[this.length] = unit
    this.from[this.length] = this.source.from[start] ?? 0
    this.to[this.length] = this.source.to[end - 1] ?? 0
    this.length++
  }

  add(text: string, start: number, end: number): void {
    for (let i = 0; i < text.length; i++) this.addUnit(text.charCodeAt(i), start, end)
  }

  view(): View {
    const units = this.units.subarray(0, this.length)
    const text = Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le')
    return { text, from: this.from.subarray(0, this.length), to: this.to.subarray(0, this.length) }
  }
}

/** What a reader does not see, or what only escapes: whitespace, zero-width and direction marks, backslashes. */
function unseen(code: number): boolean {
  if (code <= 0x20 || code === 0x5c || code === 0x7f) return true
  if (code < 0x85) return false
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0xad ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202f) ||
    (code >= 0x205f && code <= 0x2064) ||
    (code >= 0x206a && code <= 0x206f) ||
    code === 0x3000 ||
    code === 0xfeff
  )
}

/** The view without what a reader does not see, and hex digits in lower case (hex forms match in either). */
function visible(view: View): View {
  const builder = new ViewBuilder(view)
  for (let i = 0; i < view.text.length; i++) {
    const code = view.text.charCodeAt(i)
    if (unseen(code)) continue
    // A to F in lower case: hex forms match in either.
    builder.addUnit(code >= 0x41 && code <= 0x46 ? code + 0x20 : code, i, i + 1)
  }
  return builder.view()
}

/** The view with each escape undone once, or null when it holds none. */
function decodedOnce(view: View): View | null {
  const text = view.text
  if (!/[\\%&]/.test(text)) return null
  const builder = new ViewBuilder(view)
  let changed = false
  for (let i = 0; i < text.length;) {
    const escape = escapeAt(text, i)
    if (escape === null) {
      builder.addUnit(text.charCodeAt(i), i, i + 1)
      i++
    } else {
      builder.add(escape.text, i, escape.end)
      changed = true
      i = escape.end
    }
  }
  return changed ? builder.view() : null
}

/** What to look for: for each head's length, the heads (each with the whole forms it starts) and their hashes. */
type Targets = Map<number, { heads: Map<string, string[]>; hashes: Set<number> }>

const targetCache = new Map<string, Targets>()

function targetsOf(secrets: Secrets): Targets {
  const cacheKey = JSON.stringify(secrets)
  let targets = targetCache.get(cacheKey)
  if (!targets) {
    targets = new Map()
    for (const key of secrets.keys) for (const form of formsOf(key, true)) addRuns(targets, form)
    for (const secret of secrets.whole) for (const form of formsOf(secret, false)) addTarget(targets, form)
    targetCache.set(cacheKey, targets)
  }
  return targets
}

/** The secret as each view shows it (decoded 0 to DECODINGS times), its base64 forms and, for a key, its hex. */
function formsOf(secret: string, key: boolean): string[] {
  if (!secret) return []
  const forms: string[] = []
  let view: View | null = wholeText(secret)
  for (let round = 0; view !== null && round <= DECODINGS; round++) {
    forms.push(visible(view).text)
    view = decodedOnce(view)
  }
  if (key) forms.push(Buffer.from(secret, 'utf8').toString('hex'))
  if (secret.length >= MIN_BASE64_SECRET) forms.push(...base64Forms(secret).map((form) => visible(wholeText(form)).text))
  return [...new Set(forms)].filter(Boolean)
}

/** Every run of KEY_RUN characters of a key's form (the form itself when shorter). */
function addRuns(targets: Targets, form: string): void {
  const width = Math.min(KEY_RUN, form.length)
  for (let at = 0; at + width <= form.length; at++) addTarget(targets, form.slice(at, at + width))
}

function addTarget(targets: Targets, form: string): void {
  const head = form.slice(0, KEY_RUN)
  let width = targets.get(head.length)
  if (!width) targets.set(head.length, (width = { heads: new Map(), hashes: new Set() }))
  const forms = width.heads.get(head) ?? []
  if (!forms.includes(form)) forms.push(form)
  width.heads.set(head, forms)
  width.hashes.add(hashOf(head, 0, head.length))
}

/** A rolling hash (polynomial, in 32 bits): a view is sliced only where a head's hash stands. */
const BASE = 31

function hashOf(text: string, start: number, end: number): number {
  let hash = 0
  for (let i = start; i < end; i++) hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0
  return hash
}

/**
 * The base64 forms (standard and URL-safe) of the secret wherever it sits in the encoded text: for each of
 * the three byte alignments, the characters that carry only the secret's own bits.
 */
function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8')
  const forms: string[] = []
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64')
    const pure = encoded.slice(Math.ceil((8 * shift) / 6), Math.floor((8 * (shift + bytes.length)) / 6))
    forms.push(pure, pure.replace(/\+/g, '-').replace(/\//g, '_'))
  }
  return forms
}

/** Adds the original span of each target found in the view, one rolling hash for each head length. */
function findTargets(view: View, targets: Targets, cuts: Span[]): void {
  const { text, from, to } = view
  for (const [width, { heads, hashes }] of targets) {
    if (text.length < width) continue
    let dropped = 1
    for (let i = 1; i < width; i++) dropped = Math.imul(dropped, BASE)
    let hash = hashOf(text, 0, width)
    for (let at = 0; ; at++) {
      const forms = hashes.has(hash) ? heads.get(text.slice(at, at + width)) : undefined
      for (const form of forms ?? []) {
        if (form.length === width || text.startsWith(form, at)) addSpan(cuts, [from[at] ?? 0, to[at + form.length - 1] ?? 0])
      }
      if (at + width >= text.length) break
      hash = (Math.imul(hash - Math.imul(text.charCodeAt(at), dropped), BASE) + text.charCodeAt(at + width)) | 0
    }
  }
}

/** Adds a span, joined to the last one when they overlap (a key's runs, found one after another). */
function addSpan(cuts: Span[], span: Span): void {
  const last = cuts.at(-1)
  if (last && span[0] >= last[0] && span[0] < last[1]) last[1] = Math.max(last[1], span[1])
  else cuts.push(span)
}

/** The text with each span made `***`: overlapping spans (the runs of one key) become one cut, touching ones two. */
function cutSpans(text: string, cuts: Span[]): string {
  if (cuts.length === 0) return text
  cuts.sort((a, b) => a[0] - b[0] || b[1] - a[1])
  let cut = ''
  let copied = 0
  let open: Span | null = null
  for (const span of cuts) {
    if (open && span[0] < open[1]) {
      open[1] = Math.max(open[1], span[1])
      continue
    }
    if (open) {
      cut += `${text.slice(copied, open[0])}***`
      copied = open[1]
    }
    open = [Math.max(span[0], copied), span[1]]
  }
  if (open) {
    cut += `${text.slice(copied, open[0])}***`
    copied = open[1]
  }
  return cut + text.slice(copied)
}
