/** The pure rules of `static-export`: the entries unsafe to extract, the bundle link's. */
import { describe, expect, it } from '@jest/globals'
import { EntryCheck, SHOWN_NAME, type TarEntry } from '../../../src/operations/static-export/entries.js'
import { checkBundleLink, linkSecrets, refusedRedirect } from '../../../src/operations/static-export/link.js'

describe('entries unsafe to extract', () => {
  /** What one entry is listed for, alone in its archive but for `index.html` (a link's target judged at the end). */
  function alone(entry: TarEntry): string | null {
    const check = new EntryCheck()
    check.judge({ name: 'index.html', type: 'file' })
    const why = check.judge(entry)
    return why ?? check.linksNotToFiles()[0] ?? null
  }

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
    [{ name: 'hard', type: 'link', linkname: 'guides/../../x' }, 'hard (a link leading outside the archive)'],
    [{ name: 'guides/folder', type: 'symlink', linkname: '..' }, 'guides/folder (a link to no regular file of the archive)'],
    [{ name: 'dangling', type: 'symlink', linkname: 'missing.html' }, 'dangling (a link to no regular file of the archive)'],
    [{ name: 'dev/null', type: 'character-device' }, 'dev/null (a character device)'],
    [{ name: 'dev/sda', type: 'block-device' }, 'dev/sda (a block device)'],
    [{ name: 'pipe', type: 'fifo' }, 'pipe (a FIFO)'],
    [{ name: 'odd', type: null }, 'odd (an entry of an unknown type)'],
    [{ name: 'run.sh', type: 'file', mode: 0o4755 }, 'run.sh (a set-id mode)'],
    [{ name: 'group', type: 'directory', mode: 0o2755 }, 'group (a set-id mode)'],
    [{ name: 'page.html', type: 'file', mode: 0o1755 }, null],
    [{ name: 'long.html', type: 'file', pax: { path: 'long.html' } }, 'long.html (a pax header naming its path)'],
    [{ name: 'l', type: 'symlink', linkname: 'index.html', pax: { linkpath: 'index.html' } }, 'l (a pax header naming its linkpath)'],
    [{ name: 'm.html', type: 'file', pax: { mtime: '1' } }, null]
  ])('%j: %p', (entry, why) => {
    expect(alone(entry)).toBe(why)
  })

  /** The warnings of a walk over `entries` in order, then those of the links judged at the end. */
  function walk(entries: TarEntry[]): (string | null)[] {
    const check = new EntryCheck()
    return [...entries.map((entry) => check.judge(entry)), ...check.linksNotToFiles()]
  }

  it('lists a hard link to a symbolic link, and to a file only once that is a file', () => {
    expect(
      walk([
        { name: 'index.html', type: 'file' },
        { name: 'soft', type: 'symlink', linkname: 'index.html' },
        { name: 'hard', type: 'link', linkname: 'soft' },
        { name: 'fine', type: 'link', linkname: 'index.html' }
      ])
    ).toEqual([null, null, null, null, 'hard (a link to no regular file of the archive)'])
  })

  it('keeps a link to a file later in the archive, and lists one whose target a later link replaced', () => {
    expect(
      walk([
        { name: 'latest', type: 'symlink', linkname: 'v2/index.html' },
        { name: 'old', type: 'symlink', linkname: 'a.html' },
        { name: 'v2/index.html', type: 'file' },
        { name: 'a.html', type: 'file' },
        { name: 'a.html', type: 'symlink', linkname: '../../etc/passwd' }
      ])
    ).toEqual([null, null, null, null, 'a.html (a link leading outside the archive)', 'old (a link to no regular file of the archive)'])
  })

  it('names a global pax header that carries a path once, and not one without', () => {
    const check = new EntryCheck()
    const global = { path: '../..' }
    expect(check.globalPax(global)).toBe('a global pax header (path=../..)')
    expect(check.globalPax(global)).toBeNull()
    expect(check.globalPax({ comment: 'built' })).toBeNull()
    expect(check.globalPax(null)).toBeNull()
  })

  it('judges a link through the links before it: a -> ., a/b -> .., a/b/evil.txt all leave', () => {
    expect(
      walk([
        { name: 'a', type: 'symlink', linkname: '.' },
        { name: 'a/b', type: 'symlink', linkname: '..' },
        { name: 'a/b/evil.txt', type: 'file' }
      ])
    ).toEqual([null, 'a/b (a path through a link)', 'a/b/evil.txt (a path through a link)', 'a (a link to no regular file of the archive)'])
  })

  it('resolves a link target through an earlier link: up -> .., then x -> up/etc leaves', () => {
    expect(
      walk([
        { name: 'guides/up', type: 'symlink', linkname: '..' },
        { name: 'x', type: 'symlink', linkname: 'guides/up/../etc' }
      ])
    ).toEqual([null, 'x (a link leading outside the archive)', 'guides/up (a link to no regular file of the archive)'])
  })

  it('counts a loop of links as leaving, and keeps a link within the archive safe', () => {
    expect(
      walk([
        { name: 'p', type: 'symlink', linkname: 'q' },
        { name: 'q', type: 'symlink', linkname: 'p' },
        { name: 'r', type: 'symlink', linkname: 'p/x' },
        { name: 'latest', type: 'symlink', linkname: 'guides/index.html' },
        { name: 'guides/index.html', type: 'file' }
      ])
    ).toEqual([
      null,
      null,
      'r (a link leading outside the archive)',
      null,
      null,
      'p (a link to no regular file of the archive)',
      'q (a link to no regular file of the archive)'
    ])
  })

  it('cuts a long name to 200 characters in the warning', () => {
    const why = new EntryCheck().judge({ name: `/${'x'.repeat(4_000_000)}`, type: 'file' }) ?? ''
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
    ['https to http on loopback', 'https://api.example/b', 'http://127.0.0.1/b', 'loopback, link-local or private'],
    ['https to https on loopback', 'https://api.example/b', 'https://127.0.0.1/b', 'loopback, link-local or private'],
    ['https to the metadata service', 'https://api.example/b', 'https://169.254.169.254/latest', 'loopback, link-local or private'],
    ['https to a private network', 'https://api.example/b', 'https://10.1.2.3/b', 'loopback, link-local or private'],
    ['https to IPv4 written as IPv6', 'https://api.example/b', 'https://[::ffff:192.168.0.1]/b', 'loopback, link-local or private'],
    ['https to a unique local IPv6 address', 'https://api.example/b', 'https://[fd00::1]/b', 'loopback, link-local or private'],
    ['https to localhost by name', 'https://api.example/b', 'https://bundle.localhost/b', 'loopback, link-local or private'],
    ['https to a public address', 'https://api.example/b', 'https://93.184.216.34/b', null],
    ['loopback https to loopback https (local testing)', 'https://127.0.0.1:4010/b', 'https://127.0.0.1:4011/b', null],
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
