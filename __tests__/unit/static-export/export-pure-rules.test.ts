/** The pure rules of `static-export`: the entries unsafe to extract, the bundle link's. */
import { describe, expect, it } from '@jest/globals'
import { type LinksSoFar, noteLink, SHOWN_NAME, type TarEntry, unsafeEntry } from '../../../src/operations/static-export/entries.js'
import { checkBundleLink, linkSecrets, refusedRedirect } from '../../../src/operations/static-export/link.js'

describe('entries unsafe to extract', () => {
  it.each([
    [{ name: 'index.html', type: 'file' }, null],
    [{ name: 'guides/a..b.html', type: 'file' }, null],
    [{ name: 'guides/', type: 'directory' }, null],
    [{ name: '../outside.html', type: 'file' }, '../outside.html (a .. part)'],
    [{ name: 'guides/../../x', type: 'file' }, 'guides/../../x (a .. part)'],
    [{ name: 'guides\\..\\x', type: 'file' }, 'guides\\..\\x (a .. part)'],
    [{ name: '/etc/hostname', type: 'file' }, '/etc/hostname (an absolute path)'],
    [{ name: 'C:/Windows/x', type: 'file' }, 'C:/Windows/x (an absolute path)'],
    [{ name: 'guides/latest', type: 'symlink', linkname: '../index.html' }, null],
    [{ name: 'guides/escape', type: 'symlink', linkname: '../../etc' }, 'guides/escape (a link leading outside the archive)'],
    [{ name: 'a', type: 'symlink', linkname: '/etc/passwd' }, 'a (a link to an absolute path)'],
    [{ name: 'guides/deep/hard', type: 'link', linkname: 'index.html' }, null],
    [{ name: 'hard', type: 'link', linkname: 'guides/../../x' }, 'hard (a link leading outside the archive)']
  ])('%j: %p', (entry, why) => {
    expect(unsafeEntry(entry, new Map())).toBe(why)
  })

  /** The warnings of a walk over `entries` in order, links kept as the walk keeps them. */
  function walk(entries: TarEntry[]): (string | null)[] {
    const links: LinksSoFar = new Map()
    return entries.map((entry) => {
      const why = unsafeEntry(entry, links)
      noteLink(entry, links)
      return why
    })
  }

  it('judges a link through the links before it: a -> ., a/b -> .., a/b/evil.txt all leave', () => {
    expect(
      walk([
        { name: 'a', type: 'symlink', linkname: '.' },
        { name: 'a/b', type: 'symlink', linkname: '..' },
        { name: 'a/b/evil.txt', type: 'file' }
      ])
    ).toEqual([null, 'a/b (a path through a link)', 'a/b/evil.txt (a path through a link)'])
  })

  it('resolves a link target through an earlier link: up -> .., then x -> up/etc leaves', () => {
    expect(
      walk([
        { name: 'guides/up', type: 'symlink', linkname: '..' },
        { name: 'x', type: 'symlink', linkname: 'guides/up/../etc' }
      ])
    ).toEqual([null, 'x (a link leading outside the archive)'])
  })

  it('counts a loop of links as leaving, and keeps a link within the archive safe', () => {
    expect(
      walk([
        { name: 'p', type: 'symlink', linkname: 'q' },
        { name: 'q', type: 'symlink', linkname: 'p' },
        { name: 'r', type: 'symlink', linkname: 'p/x' },
        { name: 'latest', type: 'symlink', linkname: 'guides/index.html' }
      ])
    ).toEqual([null, null, 'r (a link leading outside the archive)', null])
  })

  it('cuts a long name to 200 characters in the warning', () => {
    const why = unsafeEntry({ name: `/${'x'.repeat(4_000_000)}`, type: 'file' }, new Map()) ?? ''
    expect(why.length).toBeLessThan(SHOWN_NAME + 30)
    expect(why).toMatch(/… \(an absolute path\)$/)
  })
})

describe('the bundle link', () => {
  it('is fetched over https, or http to this machine only', () => {
    expect(checkBundleLink('https://b.s3.amazonaws.com/x.tar.gz?X-Amz-Signature=ab').ok).toBe(true)
    expect(checkBundleLink('http://127.0.0.1:4010/x.tar.gz').ok).toBe(true)
    expect(checkBundleLink('http://bundles.example.com/x.tar.gz')).toEqual({
      ok: false,
      why: 'the bundle link the API gave is http://, not https://, so the docs would travel unencrypted'
    })
    expect(checkBundleLink('https://user:pw@b.example.com/x')).toEqual({
      ok: false,
      why: 'the bundle link the API gave carries a user name or password'
    })
    expect(checkBundleLink('not a url')).toEqual({ ok: false, why: 'the bundle link the API gave is not a URL' })
  })

  it('is a secret in every form: as given, percent-encoded, and its signature alone', () => {
    const link = 'https://b.s3.amazonaws.com/se_1/bundle.tar.gz?X-Amz-Expires=3600&X-Amz-Signature=0a1b2c'
    expect(linkSecrets(link)).toEqual([link, encodeURIComponent(link), '0a1b2c'])
    expect(linkSecrets('opaque')).toEqual(['opaque'])
  })
})

describe('a redirect of the bundle link', () => {
  const first = (url: string) => new URL(url)
  it.each([
    ['https to https', 'https://api.example/b', 'https://cdn.example/b', null],
    ['https to plain http', 'https://api.example/b', 'http://cdn.example/b', 'plain http://'],
    ['https to http on loopback', 'https://api.example/b', 'http://127.0.0.1/b', 'plain http://'],
    ['loopback http to loopback http (local testing)', 'http://127.0.0.1:4010/b', 'http://localhost:4011/b', null],
    ['loopback http to another host over http', 'http://127.0.0.1:4010/b', 'http://cdn.example/b', 'plain http://'],
    [
      'to an address with a user name and password',
      'http://127.0.0.1:4010/b',
      'http://user:pass@127.0.0.1:4010/b',
      'user name or password'
    ],
    ['to https with a user name', 'https://api.example/b', 'https://user@cdn.example/b', 'user name or password'],
    ['to a file: address', 'https://api.example/b', 'file:///etc/passwd', 'plain file://']
  ])('%s', (_, from, to, refused) => {
    const why = refusedRedirect(first(from), new URL(to))
    if (refused === null) expect(why).toBeNull()
    else expect(why).toContain(refused)
    expect(why ?? '').not.toContain('pass@')
  })
})

describe('the signature of the bundle link', () => {
  it.each(['X-Amz-Signature', 'Signature', 'signature', 'sig', 'SIG', 'x-goog-signature', 'sv-sig'])('is masked when named %s', (name) => {
    expect(linkSecrets(`https://b.example/x.tar.gz?${name}=s3cr3tvalue&other=1`)).toContain('s3cr3tvalue')
  })

  it('leaves other query values alone', () => {
    expect(linkSecrets('https://b.example/x.tar.gz?Expires=123&design=x')).not.toContain('123')
  })
})
