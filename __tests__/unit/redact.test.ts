/**
 * The API key never leaves the action in any form a server or a renderer may give it: every encoding is
 * cut where server text enters the action and again where text leaves it.
 */
import { describe, expect, it } from '@jest/globals'
import { escapeInline } from '../../src/markdown.js'
import { redact } from '../../src/text.js'

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

  it('keeps text that only resembles the key', () => {
    const near = 'mint_Zq7sEcReT0kEn4TeStS9x'
    expect(redact(`prefix ${near} suffix`, KEY)).toBe(`prefix ${near} suffix`)
    expect(redact('mint-Zq7sEcReT0kEn4TeStS9xY', KEY)).toBe('mint-Zq7sEcReT0kEn4TeStS9xY')
  })

  it('treats characters of the key that mean something in a regular expression literally', () => {
    const odd = 'mint_a.b*c+d(e)[f]'
    expect(redact(`x ${odd} y`, odd)).toBe('x *** y')
    expect(redact('x mint_aXb*c+d(e)[f] y', odd)).toBe('x mint_aXb*c+d(e)[f] y')
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
