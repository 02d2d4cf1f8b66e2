/**
 * URL outputs that later steps paste into a shell (`preview-url`, `docs-url`, `comment-url`), and what
 * readers wrote in the `report` output's JSON: every character a shell gives meaning to is percent-encoded,
 * and nothing else changes.
 */
import { describe, expect, it } from '@jest/globals'
import { shellSafeText, shellSafeUrl } from '../../../src/trust/shell-safe-outputs.js'

/** Every ASCII character, and the ones a shell gives meaning to among them. */
const EVERY_ASCII = String.fromCharCode(...Array.from({ length: 128 }, (_, code) => code))
const MEANINGFUL = [...'`$();|&<>\'"\\ \n\r\t', ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f']

describe('shellSafeUrl', () => {
  it.each([
    ['', ''],
    ['https://acme.mintlify.site', 'https://acme.mintlify.site'],
    ['https://github.com/acme/docs/pull/7#issuecomment-1', 'https://github.com/acme/docs/pull/7#issuecomment-1'],
    ['https://x.mintlify.app/a?b=1&c=2', 'https://x.mintlify.app/a?b=1%26c=2'],
    ['https://x.mintlify.app/$(touch /tmp/x)', 'https://x.mintlify.app/%24%28touch%20/tmp/x%29'],
    ['https://x.mintlify.app/`id`', 'https://x.mintlify.app/%60id%60'],
    ['https://x.mintlify.app/a;b|c', 'https://x.mintlify.app/a%3Bb%7Cc'],
    ['https://x.mintlify.app/<a>', 'https://x.mintlify.app/%3Ca%3E'],
    [`https://x.mintlify.app/'"\\`, 'https://x.mintlify.app/%27%22%5C'],
    ['https://x.mintlify.app/a\nb\r\tc', 'https://x.mintlify.app/a%0Ab%0D%09c'],
    ['https://x.mintlify.app/\u0000\u007f', 'https://x.mintlify.app/%00%7F'],
    ['https://x.mintlify.app/%24already-encoded', 'https://x.mintlify.app/%24already-encoded'],
    ['https://x.mintlify.app/~page_1-2.html*!#top', 'https://x.mintlify.app/~page_1-2.html*!#top'],
    ['https://x.mintlify.app/café', 'https://x.mintlify.app/café']
  ])('%j becomes %j', (url, safe) => {
    expect(shellSafeUrl(url)).toBe(safe)
  })

  it('leaves no character a shell gives meaning to, whatever the URL holds', () => {
    expect([...shellSafeUrl(EVERY_ASCII)].filter((char) => MEANINGFUL.includes(char))).toEqual([])
    expect(decodeURIComponent(shellSafeUrl(EVERY_ASCII).replace(/%(?![0-9A-F]{2})/g, '%25'))).toBe(EVERY_ASCII)
  })
})

describe('shellSafeText', () => {
  it.each([
    ['', ''],
    ['/docs/quickstart', '/docs/quickstart'],
    ['sso saml', 'sso%20saml'],
    ['/docs/$(touch /tmp/x)', '/docs/%24%28touch%20/tmp/x%29'],
    ["it's `id`", 'it%27s%20%60id%60'],
    ['a;b|c&d', 'a%3Bb%7Cc%26d'],
    ['<b>"x"\\', '%3Cb%3E%22x%22%5C'],
    ['line\nbreak\r\ttab', 'line%0Abreak%0D%09tab'],
    ['100% uptime', '100%25%20uptime'],
    ['%24 stays what the reader typed', '%2524%20stays%20what%20the%20reader%20typed'],
    ['billing/invoices?*[a]~#!', 'billing/invoices?*[a]~#!'],
    ['café 漢字 🙂', 'café%20漢字%20🙂']
  ])('%j becomes %j', (text, safe) => {
    expect(shellSafeText(text)).toBe(safe)
  })

  it('leaves no character a shell gives meaning to, and decodes back to the text as written', () => {
    const safe = shellSafeText(EVERY_ASCII)
    expect([...safe].filter((char) => MEANINGFUL.includes(char))).toEqual([])
    expect(decodeURIComponent(safe)).toBe(EVERY_ASCII)
  })
})

describe('shellSafeText in a JSON output', () => {
  it('holds nothing that ends the single quotes a step pastes it into, nor anything that runs inside them', () => {
    const json = JSON.stringify({ path: shellSafeText(EVERY_ASCII), list: [shellSafeText(EVERY_ASCII)] })
    expect(json).not.toMatch(/['\n\r`$]/)
    const parsed = JSON.parse(json) as { path: string; list: string[] }
    expect(decodeURIComponent(parsed.path)).toBe(EVERY_ASCII)
    expect(parsed.list.map(decodeURIComponent)).toEqual([EVERY_ASCII])
  })
})
