/**
 * The gzip and tar readers of one download (tar-walk.ts, opened through proof.ts), fed real archives and
 * broken ones in chunks, as the download feeds them: what they count, and which check a bundle fails.
 */
import { describe, expect, it } from '@jest/globals'
import { gzipSync } from 'node:zlib'
import { pack } from 'tar-stream'
import { type ArchiveFacts, ProofError } from '../../../src/operations/static-export/archive-check.js'
import { openArchiveCheck } from '../../../src/operations/static-export/proof.js'

interface Entry {
  name: string
  body?: string
  type?: 'file' | 'directory' | 'symlink'
  linkname?: string
}

/** A tar archive of `entries`, not compressed. */
async function tarOf(entries: Entry[]): Promise<Buffer> {
  const tar = pack()
  const chunks: Buffer[] = []
  const collected = (async () => {
    for await (const chunk of tar) chunks.push(chunk as Buffer)
  })()
  for (const { body = '', ...header } of entries) tar.entry(header, body)
  tar.finalize()
  await collected
  return Buffer.concat(chunks)
}

/** What the readers make of `bytes`, fed `chunk` bytes at a time: the facts, or the ProofError. */
async function read(bytes: Buffer, chunk = 512): Promise<ArchiveFacts | ProofError> {
  const check = await openArchiveCheck(bytes.length)
  try {
    for (let at = 0; at < bytes.length; at += chunk) await check.write(bytes.subarray(at, at + chunk))
    return await check.finish()
  } catch (error) {
    if (error instanceof ProofError) return error
    throw error
  }
}

const SITE: Entry[] = [
  { name: 'guides', type: 'directory' },
  { name: 'index.html', body: '<h1>Home</h1>' },
  { name: 'guides/sso.HTM', body: '<h1>SSO</h1>' },
  { name: 'styles.css', body: 'body {}' }
]

describe('the archive readers', () => {
  it('count the entries, the files and the .html pages of a whole archive', async () => {
    expect(await read(gzipSync(await tarOf(SITE)))).toEqual({ entries: 4, files: 3, htmlPages: 2, unsafe: [], unsafeCount: 0 })
  })

  it('name the first 5 unsafe entries and count them all', async () => {
    const unsafe: Entry[] = Array.from({ length: 7 }, (_, i) => ({ name: `../out-${i}.html`, body: 'x' }))
    const facts = await read(gzipSync(await tarOf([...SITE, { name: 'guides/up', type: 'symlink', linkname: '../../etc' }, ...unsafe])))

    expect(facts).toMatchObject({ entries: 12, unsafeCount: 8 })
    expect((facts as ArchiveFacts).unsafe).toEqual([
      'guides/up (a link leading outside the archive)',
      '../out-0.html (a .. part)',
      '../out-1.html (a .. part)',
      '../out-2.html (a .. part)',
      '../out-3.html (a .. part)'
    ])
  })

  it('fail the gzip check of bytes that are not gzip', async () => {
    const failed = await read(Buffer.from('<html>an error page, not a bundle</html>'.repeat(20)))

    expect(failed).toBeInstanceOf(ProofError)
    expect(failed).toMatchObject({
      check: 'gzip',
      message: expect.stringMatching(/^The bundle failed the gzip check: the gzip stream is corrupt \(/)
    })
  })

  it('fail the gzip check of a gzip stream cut short', async () => {
    const whole = gzipSync(await tarOf(SITE))
    const failed = await read(whole.subarray(0, Math.floor(whole.length / 2)))

    expect(failed).toEqual(new ProofError('gzip', 'the gzip stream ends early (the file is truncated)'))
  })

  it('fail the tar check of a gzip stream that holds no tar archive', async () => {
    const failed = await read(gzipSync(Buffer.alloc(4096, 'not a tar header ')))

    expect(failed).toBeInstanceOf(ProofError)
    expect(failed).toMatchObject({
      check: 'tar',
      message: expect.stringMatching(/^The bundle failed the tar check: the archive cannot be read to its end \(/)
    })
  })

  it('refuse more bytes once a check failed, with the same failure', async () => {
    const check = await openArchiveCheck(1024)
    // The gzip reader may fail on this write or only at the end: either way, the end says why.
    await check.write(Buffer.from('not gzip at all, not at all'.repeat(40))).catch(() => undefined)
    const failure = await check.finish().catch((error: unknown) => error)

    expect(failure).toBeInstanceOf(ProofError)
    await expect(check.write(Buffer.from('more'))).rejects.toBe(failure)
    await expect(check.finish()).rejects.toBe(failure)
    check.abort()
  })
})
