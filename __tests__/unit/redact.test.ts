/**
 * The API key never leaves the action in any form a server or a renderer may give it: every encoding is
 * cut where server text enters the action and again where text leaves it.
 */
import { describe, expect, it } from '@jest/globals'
import { escapeInline } from '../../src/markdown.js'
import { cutSecrets, redact } from '../../src/redaction.js'

const KEY = 'mint_Zq7sEcReT0kEn4TeStS9xY'

/** Every character as a JSON `\uXXXX` escape, as some serializers write non-alphanumerics or everything. */
function jsonEscapeAll(text: string, hexCase: 'lower' | 'upper' = 'lower'): string {
  return [...text]
    .map((c) => {
      const hex = c.charCodeAt(0).toString(16).padStart(4, '0')
      return `\\u${hexCase === 'upper' ? hex.toUpperCase() : hex}`
    })
    .join('')
}

function percentEncodeAll(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('')
}

describe('redact', () => {
  it('leaves text alone when there is no secret', () => {
    expect(redact('nothing to hide', '')).toBe('nothing to hide')
  })

  it('cuts the key as written, everywhere it occurs', () => {
    expect(redact(`Key ${KEY} is revoked; ${KEY}!`, KEY)).toBe('Key *** is revoked; ***!')
  })

  it('cuts the key as written beside an encoded one, and a secret holding the characters encodings start with', () => {
    // A line with no backslash, percent sign or ampersand is searched for the secret as written; one
    // with any of them for every form.
    expect(redact(`${KEY}${KEY} & ${percentEncodeAll(KEY)}`, KEY)).toBe('****** & ***')
    expect(redact('token a&b%c\\d, and a&b%c\\d again', 'a&b%c\\d')).toBe('token ***, and *** again')
    expect(redact('token a&b%25c\\d', 'a&b%c\\d')).toBe('token ***')
  })

  it('cuts the key behind a long run of backslashes with the run, and leaves a run before anything else', () => {
    // A spelling inside a run also starts at its first backslash, so a failed look skips the whole run
    // (anyone who writes a comment can post 100,000 of them: one look each took 80 s, one a run takes ms).
    const run = '\\'.repeat(100_000)
    expect(redact(`${run}${KEY} and ${run}x`, KEY)).toBe(`${run}*** and ${run}x`)
  })

  it('cuts the key with only its underscore JSON-escaped, as a server echo does', () => {
    expect(redact(`{"error":"Key mint\\u005fZq7sEcReT0kEn4TeStS9xY is revoked"}`, KEY)).toBe('{"error":"Key *** is revoked"}')
  })

  it('cuts the key with every character JSON-escaped, in either hex case', () => {
    expect(redact(`a ${jsonEscapeAll(KEY)} b`, KEY)).toBe('a *** b')
    expect(redact(`a ${jsonEscapeAll(KEY, 'upper')} b`, KEY)).toBe('a *** b')
  })

  it('cuts the key JSON-escaped twice (a JSON string inside a JSON string)', () => {
    expect(redact(JSON.stringify(JSON.stringify({ key: 'mint\\u005fZq7sEcReT0kEn4TeStS9xY' })), KEY)).not.toMatch(/Zq7sEcReT0kEn4/)
  })

  it('cuts the key URL-encoded, whole or in part, in either hex case', () => {
    expect(redact(`?key=${percentEncodeAll(KEY)}&x=1`, KEY)).toBe('?key=***&x=1')
    expect(redact('?key=mint%5fZq7sEcReT0kEn4TeStS9xY&x=1', KEY)).toBe('?key=***&x=1')
  })

  it('cuts the key as HTML character references', () => {
    expect(redact('<p>mint&#95;Zq7sEcReT0kEn4TeStS9xY</p>', KEY)).toBe('<p>***</p>')
    expect(redact('<p>mint&#x5F;Zq7sEcReT0kEn4TeStS9xY</p>', KEY)).toBe('<p>***</p>')
  })

  it('cuts the key after markdown escaping, so a last check on rendered text still finds it', () => {
    const rendered = escapeInline(`Key ${KEY} is revoked`)
    expect(rendered).not.toContain(KEY)
    expect(redact(rendered, KEY)).toBe('Key *** is revoked')
  })

  it('cuts the key inside JSON of markdown (a comment body sent to GitHub)', () => {
    const body = JSON.stringify({ body: escapeInline(`Key ${KEY}`) })
    expect(redact(body, KEY)).toBe('{"body":"Key ***"}')
  })

  it('cuts any run of 16 characters of the key, and keeps a shorter one', () => {
    expect(redact('prefix mint_Zq7sEcReT0kEn4TeStS9x suffix', KEY)).toBe('prefix *** suffix')
    expect(redact('mint-Zq7sEcReT0kEn4TeStS9xY', KEY)).toBe('mint-***')
    expect(redact('a Zq7sEcReT0kEn4Te b', KEY)).toBe('a *** b')
    expect(redact('a Zq7sEcReT0kEn4T b', KEY)).toBe('a Zq7sEcReT0kEn4T b')
  })

  it('treats characters of the key that mean something in a regular expression literally', () => {
    const odd = 'mint_a.b*c+d(e)[f]'
    expect(redact(`x ${odd} y`, odd)).toBe('x *** y')
    expect(redact('x mint_aXb*c+d(e)[f] y', odd)).toBe('x mint_aXb*c+d(e)[f] y')
  })

  it.each([
    ['a named HTML reference', 'mint&lowbar;Zq7sEcReT0kEn4TeStS9xY'],
    ['a numeric reference without its semicolon', 'mint&#95Zq7sEcReT0kEn4TeStS9xY'],
    ['percent-encoding twice', 'mint%255FZq7sEcReT0kEn4TeStS9xY'],
    ['percent-encoding three times', 'mint%25255fZq7sEcReT0kEn4TeStS9xY'],
    ['a JavaScript hex escape', 'mint\\x5fZq7sEcReT0kEn4TeStS9xY'],
    ['a code point escape', 'mint\\u{5F}Zq7sEcReT0kEn4TeStS9xY'],
    ['a line break inside', 'mint_Zq7sEcReT0k\nEn4TeStS9xY'],
    ['a JSON-escaped line break inside', 'mint_Zq7sEcReT0k\\r\\nEn4TeStS9xY'],
    ['a zero-width space inside', 'mint_Zq7s\u200bEcReT0kEn4\u2060TeStS9xY'],
    ['a zero-width space as a reference', 'mint_Zq7s&ZeroWidthSpace;EcReT0kEn4TeStS9xY'],
    ['hex', Buffer.from(KEY).toString('hex')],
    ['hex in capitals', Buffer.from(KEY).toString('hex').toUpperCase()],
    ['16 characters of its hex', Buffer.from(KEY).toString('hex').slice(9, 25)]
  ])('cuts the key spelled with %s', (_form, spelled) => {
    expect(redact(`before ${spelled} after`, KEY)).toBe('before *** after')
  })

  it('gives the same answer when called again (no state carried between calls)', () => {
    expect(redact(KEY, KEY)).toBe('***')
    expect(redact(KEY, KEY)).toBe('***')
  })
})

describe('several secrets of a run (the key, a bundle link learned on the way)', () => {
  const LINK = 'https://b.s3.amazonaws.com/se_1/bundle.tar.gz?X-Amz-Signature=0a1b2c3d'

  it('cuts a link whole before its signature, whatever order they were learned in', () => {
    const text = `key ${KEY}, link ${LINK}, signature 0a1b2c3d`
    expect(redact(text, KEY, '0a1b2c3d', LINK)).toBe('key ***, link ***, signature ***')
  })

  it('cuts the link percent-encoded, as another URL would carry it', () => {
    expect(redact(`next=${encodeURIComponent(LINK)}`, LINK)).toBe('next=***')
  })

  it('leaves text without them, and an empty secret cuts nothing', () => {
    expect(redact('nothing secret', KEY, LINK, '')).toBe('nothing secret')
  })

  it('cuts a link only whole: another link of its host stays', () => {
    const other = 'https://b.s3.amazonaws.com/se_2/other.tar.gz'
    expect(cutSecrets(`${other} and ${LINK}`, { keys: [KEY], whole: [LINK] })).toBe(`${other} and ***`)
  })
})

describe('the base64 forms of a secret', () => {
  const KEY = 'mint_sim_4f8c2d1e9a7b6c5d'

  it.each(['', 'u', 'us', 'user:'])('cuts the key encoded after %j (a Basic auth header echoed)', (before) => {
    const encoded = Buffer.from(`${before}${KEY}`).toString('base64')
    const cut = redact(`Authorization: Basic ${encoded}`, KEY)
    expect(cut).toContain('***')
    // What is left cannot be decoded back to the key.
    expect(Buffer.from(cut.replace('Authorization: Basic ', '').replace('***', ''), 'base64').toString()).not.toContain(KEY.slice(2, -2))
  })

  it('cuts the URL-safe form too', () => {
    const encoded = Buffer.from(`??>${KEY}`).toString('base64url')
    expect(redact(encoded, KEY)).toContain('***')
  })

  it('leaves a short secret’s base64 alone, which could stand for anything', () => {
    expect(redact('dG9r is here', 'tok')).toBe('dG9r is here')
  })
})

/**
 * Against an oracle: a regular expression written from the same rules (each character as itself after
 * backslashes, as `\uXXXX` units, as `%XX` bytes, as `&#…;` references). Secrets of awkward characters
 * (the escapes' own starts, digits, `u`, `x`, a character outside the BMP) are spelled a character at a time
 * in random forms among random noise; no spelling survives the cut, and a text with none is left whole.
 */
describe('redact against a regular expression of the same forms', () => {
  /** A small seeded generator (mulberry32): the same cases on every run. */
  function random(seed: number): () => number {
    let state = seed
    return () => {
      state = (state + 0x6d2b79f5) | 0
      let t = Math.imul(state ^ (state >>> 15), 1 | state)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
  }
  const next = random(42)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const ALPHABET = [...'ab_0159uxX;&#%\\', '😀', 'é']

  const hexOf = (value: number, width: number): string => {
    const digits = value.toString(16).padStart(width, '0')
    return next() < 0.5 ? digits : digits.toUpperCase()
  }
  function spell(character: string): string {
    const code = character.codePointAt(0) ?? 0
    const forms = [
      // Markdown escapes punctuation alone: `\x09` is an escape, never an escaped `x` before `09`.
      () => `${/^[!-/:-@[-`{-~]$/.test(character) ? '\\'.repeat(Math.floor(next() * 3)) : ''}${character}`,
      () =>
        [...Array(character.length).keys()]
          .map((i) => `${'\\'.repeat(1 + Math.floor(next() * 2))}u${hexOf(character.charCodeAt(i), 4)}`)
          .join(''),
      () => [...Buffer.from(character, 'utf8')].map((byte) => `%${hexOf(byte, 2)}`).join(''),
      // With their `;`: `&#092` before a `9` is read as `&#0929`, by a browser too.
      () => `&#${'0'.repeat(Math.floor(next() * 2))}${code};`,
      () => `&#${pick(['x', 'X'])}${hexOf(code, 1)};`
    ]
    return pick(forms)()
  }
  function oracle(secret: string): RegExp {
    const hex = (value: number, width: number): string =>
      value
        .toString(16)
        .padStart(width, '0')
        .replace(/[a-f]/g, (letter) => `[${letter}${letter.toUpperCase()}]`)
    const forms = [...secret].map((character) => {
      const code = character.codePointAt(0) ?? 0
      const units = [...Array(character.length).keys()].map((i) => `\\\\+u${hex(character.charCodeAt(i), 4)}`).join('')
      const bytes = [...Buffer.from(character, 'utf8')].map((byte) => `%${hex(byte, 2)}`).join('')
      const plain = character.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
      return `(?:\\\\*${plain}|${units}|${bytes}|&#0*${code};?|&#[xX]0*${hex(code, 1)};?)`
    })
    return new RegExp(forms.join(''), 'u')
  }

  const cases = Array.from({ length: 400 }, () => {
    const secret = Array.from({ length: 4 + Math.floor(next() * 6) }, () => pick(ALPHABET)).join('')
    const noise = (): string => Array.from({ length: Math.floor(next() * 6) }, () => pick(ALPHABET)).join('')
    const spelled = next() < 0.8
    const text = `${noise()} ${spelled ? [...secret].map(spell).join('') : ''} ${noise()} ${spelled && next() < 0.3 ? secret : ''} ${noise()}`
    return { secret, text, spelled }
  })

  it('leaves no spelling of the secret in 400 texts', () => {
    // Redaction reads whole escapes, so noise and spelling are kept apart by a space: noise ending in `&#`
    // before a spelled `9` reads as a reference, not as the secret's `9`. (Whitespace is dropped between
    // characters, so the space does not part the secret; an unspelled text may be cut where its noise is
    // the secret's characters.)
    for (const { secret, text, spelled } of cases) {
      const pattern = oracle(secret)
      const cut = redact(text, secret)
      expect({ secret, text, left: pattern.test(cut) }).toEqual({ secret, text, left: false })
      if (spelled) expect(cut).toContain('***')
    }
  })
})
