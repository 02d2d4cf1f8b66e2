/**
 * The escapes redaction undoes, one at a time: JSON's and JavaScript's backslash escapes, markdown's, a URL's
 * percent-encoding and HTML's character references, named ones included.
 */

/** What an escape stands for, and where it ends. */
export interface Escape {
  text: string
  end: number
}

export function escapeAt(text: string, at: number): Escape | null {
  const start = text[at]
  if (start === '\\') return backslashEscape(text, at)
  if (start === '%') return percentEscape(text, at)
  if (start === '&') return reference(text, at)
  return null
}

const SHORT_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v' }
const HEX = /^[0-9a-f]+$/i

/** JSON's and JavaScript's escapes (`\u005f`, `\u{5f}`, `\x5f`, `\n`) and markdown's (`\_`, `\\`). */
function backslashEscape(text: string, at: number): Escape | null {
  const next = text[at + 1] ?? ''
  if (next === 'u' && text[at + 2] === '{') {
    // At most six digits: a search for the `}` further on would make a run of `\\u{` quadratic.
    const close = text.slice(at + 3, at + 10).indexOf('}') + at + 3
    if (close < at + 3) return null
    return codePoint(text.slice(at + 3, close), close + 1)
  }
  if (next === 'u') return codePoint(text.slice(at + 2, at + 6), at + 6, 4)
  if (next === 'x') return codePoint(text.slice(at + 2, at + 4), at + 4, 2)
  const short = SHORT_ESCAPES[next]
  if (short !== undefined) return { text: short, end: at + 2 }
  return /^[!-/:-@[-`{-~]$/.test(next) ? { text: next, end: at + 2 } : null
}

/** The character `digits` (hexadecimal, `width` of them when given) names, as a UTF-16 unit or code point. */
function codePoint(digits: string, end: number, width?: number): Escape | null {
  if (!HEX.test(digits) || (width !== undefined && digits.length !== width)) return null
  const code = parseInt(digits, 16)
  if (code > 0x10ffff) return null
  return { text: width === 4 ? String.fromCharCode(code) : String.fromCodePoint(code), end }
}

/** `%XX` bytes: one below 0x80, or the bytes of one UTF-8 character. */
function percentEscape(text: string, at: number): Escape | null {
  const lead = percentByte(text, at)
  if (lead === null) return null
  const length = lead < 0x80 ? 1 : lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc2 ? 2 : 0
  if (length === 0) return null
  const bytes = [lead]
  for (let i = 1; i < length; i++) {
    const byte = percentByte(text, at + 3 * i)
    if (byte === null || byte < 0x80 || byte > 0xbf) return null
    bytes.push(byte)
  }
  const decoded = Buffer.from(bytes).toString('utf8')
  return decoded.includes('\ufffd') ? null : { text: decoded, end: at + 3 * length }
}

function percentByte(text: string, at: number): number | null {
  const digits = text.slice(at + 1, at + 3)
  return text[at] === '%' && digits.length === 2 && HEX.test(digits) ? parseInt(digits, 16) : null
}

/** An HTML character reference: `&#95;`, `&#x5f;` (the `;` optional), or a named one (`&lowbar;`). */
function reference(text: string, at: number): Escape | null {
  if (text[at + 1] === '#') {
    const hexadecimal = text[at + 2] === 'x' || text[at + 2] === 'X'
    const start = at + (hexadecimal ? 3 : 2)
    let end = start
    while (end < text.length && (hexadecimal ? HEX : /^[0-9]$/).test(text[end] ?? '')) end++
    if (end === start || end - start > 12) return null
    const code = parseInt(text.slice(start, end), hexadecimal ? 16 : 10)
    if (code > 0x10ffff) return null
    return { text: String.fromCodePoint(code), end: text[end] === ';' ? end + 1 : end }
  }
  const name = /^[A-Za-z][A-Za-z0-9]{1,31};/.exec(text.slice(at + 1, at + 34))?.[0]
  const named = name === undefined ? undefined : NAMED_REFERENCES.get(name)
  if (name !== undefined && named !== undefined) return { text: named, end: at + 1 + name.length }
  // A legacy name is read without its `;` even before more letters, as a browser reads `&ampx`.
  const legacy = LEGACY_NAMES.find((one) => text.startsWith(one, at + 1))
  return legacy === undefined ? null : { text: NAMED_REFERENCES.get(legacy) ?? '', end: at + 1 + legacy.length }
}

/**
 * HTML's named character references that stand for a character a secret may hold (ASCII punctuation), or
 * for one a reader does not see (spaces, zero-width characters), which redaction drops. Letters and digits
 * have none. The names are HTML's own, case and all; a few legacy ones also work without their `;`.
 */
const NAMES: Record<string, string> = {
  excl: '!',
  quot: '"',
  QUOT: '"',
  num: '#',
  dollar: '$',
  percnt: '%',
  amp: '&',
  AMP: '&',
  apos: "'",
  lpar: '(',
  rpar: ')',
  ast: '*',
  midast: '*',
  plus: '+',
  comma: ',',
  period: '.',
  sol: '/',
  colon: ':',
  semi: ';',
  lt: '<',
  LT: '<',
  equals: '=',
  gt: '>',
  GT: '>',
  quest: '?',
  commat: '@',
  lsqb: '[',
  lbrack: '[',
  bsol: '\\',
  rsqb: ']',
  rbrack: ']',
  Hat: '^',
  lowbar: '_',
  UnderBar: '_',
  grave: '`',
  DiacriticalGrave: '`',
  lcub: '{',
  lbrace: '{',
  verbar: '|',
  vert: '|',
  VerticalLine: '|',
  rcub: '}',
  rbrace: '}',
  Tab: '\t',
  NewLine: '\n',
  nbsp: '\u00a0',
  NonBreakingSpace: '\u00a0',
  shy: '\u00ad',
  ensp: '\u2002',
  emsp: '\u2003',
  emsp13: '\u2004',
  emsp14: '\u2005',
  numsp: '\u2007',
  puncsp: '\u2008',
  thinsp: '\u2009',
  ThinSpace: '\u2009',
  hairsp: '\u200a',
  VeryThinSpace: '\u200a',
  ZeroWidthSpace: '\u200b',
  NegativeVeryThinSpace: '\u200b',
  NegativeThinSpace: '\u200b',
  NegativeMediumSpace: '\u200b',
  NegativeThickSpace: '\u200b',
  zwnj: '\u200c',
  zwj: '\u200d',
  lrm: '\u200e',
  rlm: '\u200f',
  MediumSpace: '\u205f',
  NoBreak: '\u2060',
  af: '\u2061',
  ApplyFunction: '\u2061',
  it: '\u2062',
  InvisibleTimes: '\u2062',
  ic: '\u2063',
  InvisibleComma: '\u2063'
}

/** HTML's legacy references that a browser reads without their `;`. */
const LEGACY_NAMES = ['quot', 'QUOT', 'amp', 'AMP', 'nbsp', 'shy', 'lt', 'LT', 'gt', 'GT']

/** Each name as written after the `&`, with its `;` (and without, for LEGACY_NAMES), to its character. */
const NAMED_REFERENCES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(NAMES).map(([name, character]): [string, string] => [`${name};`, character]),
  ...LEGACY_NAMES.map((name): [string, string] => [name, NAMES[name] ?? ''])
])
