/**
 * URL outputs that later steps paste into a shell (`preview-url`, `docs-url`, `comment-url`): every character
 * a shell gives meaning to is percent-encoded, and nothing else changes.
 */
import { describe, expect, it } from '@jest/globals'
import { shellSafeUrl } from '../../../src/trust/shell-safe-outputs.js'

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
    const everyAscii = String.fromCharCode(...Array.from({ length: 128 }, (_, code) => code))
    const meaningful = [...'`$();|&<>\'"\\ \n\r\t', ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)), '\u007f']
    expect([...shellSafeUrl(everyAscii)].filter((char) => meaningful.includes(char))).toEqual([])
    expect(decodeURIComponent(shellSafeUrl(everyAscii).replace(/%(?![0-9A-F]{2})/g, '%25'))).toBe(everyAscii)
  })
})
