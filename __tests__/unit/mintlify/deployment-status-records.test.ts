import { describe, expect, it } from '@jest/globals'
import {
  buildDurationMs,
  httpsUrl,
  isDeploymentTerminal,
  isKnownDeploymentStatus,
  parseAutomationTrigger,
  parseDeploymentStatus,
  parseDeployTrigger,
  parsePreviewTrigger,
  siteUrl
} from '../../../src/mintlify/deployment.js'
import { deploymentRecord } from '../../fixtures/deployment-records.js'

describe('parseDeploymentStatus', () => {
  it('reads every documented field of a status record', () => {
    const status = parseDeploymentStatus(deploymentRecord({ status: 'failure', summary: 'Build failed', logs: ['one', 'two'] }))
    expect(status).toEqual({
      id: 'st_1',
      projectId: 'acme-docs',
      status: 'failure',
      createdAt: '2025-01-15T12:00:00.000Z',
      endedAt: '2025-01-15T12:01:28.000Z',
      summary: 'Build failed',
      logs: ['one', 'two'],
      subdomain: 'acme',
      screenshot: 'https://cdn.mintlify.com/shots/st_1.png',
      screenshotLight: 'https://cdn.mintlify.com/shots/st_1-light.png',
      screenshotDark: 'https://cdn.mintlify.com/shots/st_1-dark.png',
      author: 'Ada Lovelace',
      commit: {
        sha: '0123456789abcdef0123456789abcdef01234567',
        ref: 'main',
        message: 'Document the CLI\n\nAdds the --dry-run flag.',
        filesChanged: { added: ['cli.mdx'], modified: ['index.mdx', 'docs.json'], removed: [] }
      },
      source: 'api',
      raw: expect.objectContaining({ _id: 'st_1' }) as unknown
    })
  })

  it('keeps the whole record, fields it does not know included', () => {
    const record = deploymentRecord({ deployedBy: { kind: 'robot' } })
    expect(parseDeploymentStatus(record).raw).toEqual(record)
  })

  it.each<[string, unknown]>([
    ['an empty object', {}],
    ['an array', []],
    ['null', null],
    ['a string', 'queued']
  ])('reads %s as a record with nothing known, which waiting treats as running', (_name, body) => {
    const status = parseDeploymentStatus(body)
    expect(status.id).toBeNull()
    expect(status.status).toBeNull()
    expect(status.logs).toEqual([])
    expect(status.commit).toBeNull()
    expect(status.author).toBeNull()
    expect(isDeploymentTerminal(status.status)).toBe(false)
  })

  it('ignores fields of the wrong type instead of failing', () => {
    const status = parseDeploymentStatus(
      deploymentRecord({ status: 7, summary: { text: 'x' }, logs: 'not a list', commit: 'abc', author: ['x'], subdomain: null })
    )
    expect(status.status).toBe('7')
    expect(status.summary).toBeNull()
    expect(status.logs).toEqual([])
    expect(status.commit).toBeNull()
    expect(status.author).toBeNull()
    expect(status.subdomain).toBeNull()
  })

  it('takes a plain-string author as the name', () => {
    expect(parseDeploymentStatus(deploymentRecord({ author: 'ada' })).author).toBe('ada')
  })

  it('reads a commit without a file list as having none, and drops names that are not text', () => {
    expect(parseDeploymentStatus(deploymentRecord({ commit: { sha: 'abc' } })).commit).toEqual({
      sha: 'abc',
      ref: null,
      message: null,
      filesChanged: null
    })
    const commit = parseDeploymentStatus(
      deploymentRecord({ commit: { filesChanged: { added: ['a.mdx', 3, null, ''], modified: 'x' } } })
    ).commit
    expect(commit?.filesChanged).toEqual({ added: ['a.mdx', '3'], modified: [], removed: [] })
  })

  it('folds control characters in text fields, so none can pass as a workflow command', () => {
    const status = parseDeploymentStatus(deploymentRecord({ summary: 'Build failed\n::error::forged', source: 'api\r\n::warning::x' }))
    expect(status.summary).toBe('Build failed ::error::forged')
    expect(status.source).toBe('api ::warning::x')
  })

  it('keeps the line breaks of a commit message, and only them', () => {
    const status = parseDeploymentStatus(deploymentRecord({ commit: { message: 'Subject\r\nBody\tline\u0007' } }))
    expect(status.commit?.message).toBe('Subject\nBody line ')
  })
})

describe('deployment logs', () => {
  const logs = (entries: unknown[]): string[] => parseDeploymentStatus(deploymentRecord({ logs: entries })).logs

  it('splits an entry holding several lines into lines', () => {
    expect(logs(['first\nsecond\r\nthird\rfourth'])).toEqual(['first', 'second', 'third', 'fourth'])
  })

  it('strips terminal colour codes and cursor sequences', () => {
    expect(logs(['\u001b[31merror\u001b[0m: broken link', '\u001b]0;title\u0007done', '\u001b[2K\u001b[1Gbuilding'])).toEqual([
      'error: broken link',
      'done',
      'building'
    ])
  })

  it('drops blank lines and entries that are not text, keeps numbers as text', () => {
    expect(logs(['a', '', '   ', null, { line: 'x' }, 42, 'b\n\n'])).toEqual(['a', '42', 'b'])
  })

  it('folds other control characters into spaces and trims line ends', () => {
    expect(logs(['tab\there  ', 'nul\u0000byte'])).toEqual(['tab here', 'nul byte'])
  })
})

describe('deployment status predicates', () => {
  it.each([
    ['success', true, true],
    ['failure', true, true],
    ['queued', false, true],
    ['in_progress', false, true],
    ['building', false, false],
    ['SUCCESS', false, false],
    [null, false, false]
  ])('%s: terminal %s, known %s', (status, terminal, known) => {
    expect(isDeploymentTerminal(status)).toBe(terminal)
    expect(isKnownDeploymentStatus(status)).toBe(known)
  })
})

describe('siteUrl', () => {
  const withSubdomain = (subdomain: unknown): ReturnType<typeof siteUrl> => siteUrl(parseDeploymentStatus(deploymentRecord({ subdomain })))

  it.each([
    ['acme', 'https://acme.mintlify.site'],
    ['Acme-Docs', 'https://acme-docs.mintlify.site'],
    ['a', 'https://a.mintlify.site'],
    ['x'.repeat(63), `https://${'x'.repeat(63)}.mintlify.site`]
  ])('builds the site of subdomain %s', (subdomain, url) => {
    expect(withSubdomain(subdomain)).toBe(url)
  })

  it.each([
    ['a dot', 'acme.evil.com'],
    ['a slash', 'acme/path'],
    ['an at sign', 'user@evil.com'],
    ['a leading hyphen', '-acme'],
    ['a trailing hyphen', 'acme-'],
    ['a space', 'ac me'],
    ['64 characters', 'x'.repeat(64)],
    ['non-ASCII letters', 'äcme'],
    ['an empty string', ''],
    ['an object', { name: 'acme' }]
  ])('builds no URL from a subdomain with %s', (_name, subdomain) => {
    expect(withSubdomain(subdomain)).toBeNull()
  })

  it('builds no URL without a record', () => {
    expect(siteUrl(null)).toBeNull()
  })
})

describe('buildDurationMs', () => {
  it("takes the time from the record's own dates", () => {
    expect(buildDurationMs(parseDeploymentStatus(deploymentRecord()))).toBe(88_000)
  })

  it.each<[string, Record<string, unknown>]>([
    ['no end yet', { endedAt: null }],
    ['an unreadable date', { createdAt: 'yesterday' }],
    ['an end before the start', { endedAt: '2025-01-15T11:00:00.000Z' }]
  ])('is null with %s', (_name, overrides) => {
    expect(buildDurationMs(parseDeploymentStatus(deploymentRecord(overrides)))).toBeNull()
  })
})

describe('httpsUrl', () => {
  it.each([
    ['https://acme-feature.mintlify.app', 'https://acme-feature.mintlify.app'],
    ['https://acme-feature.mintlify.app/', 'https://acme-feature.mintlify.app/'],
    ['  https://acme.mintlify.app/docs?x=1  ', 'https://acme.mintlify.app/docs?x=1'],
    ['https://acme.mintlify.app/a b', 'https://acme.mintlify.app/a%20b']
  ])('accepts %s as %s', (value, url) => {
    expect(httpsUrl(value)).toBe(url)
  })

  it.each([
    ['http', 'http://acme.mintlify.app'],
    ['javascript', 'javascript:alert(1)'],
    ['credentials', 'https://user:pass@acme.mintlify.app'],
    ['a relative path', '/preview/feature'],
    ['a bare host', 'acme.mintlify.app'],
    ['data', 'data:image/png;base64,AAAA'],
    ['a number', 42]
  ])('refuses %s', (_name, value) => {
    expect(httpsUrl(value)).toBeNull()
  })
})

describe('trigger answers', () => {
  it('reads the status id of a deploy answer', () => {
    expect(parseDeployTrigger({ statusId: 'st_9' })).toEqual({ statusId: 'st_9', raw: { statusId: 'st_9' } })
  })

  it.each<[string, unknown]>([
    ['no status id', {}],
    ['a blank status id', { statusId: ' ' }],
    ['an object id', { statusId: { $oid: 'x' } }],
    ['an array', [{ statusId: 'st_9' }]],
    ['null', null]
  ])('refuses a deploy or preview answer with %s: a deployment that cannot be followed', (_name, body) => {
    expect(parseDeployTrigger(body)).toBeNull()
    expect(parsePreviewTrigger(body)).toBeNull()
  })

  it('reads the status id and the preview URL of a preview answer', () => {
    const body = { statusId: 'st_9', previewUrl: 'https://acme-feature-x.mintlify.app' }
    expect(parsePreviewTrigger(body)).toEqual({ statusId: 'st_9', previewUrl: 'https://acme-feature-x.mintlify.app', raw: body })
  })

  it.each([undefined, 'http://acme-feature.mintlify.app', 'javascript:alert(1)', 'not a url'])(
    'keeps a preview answer whose preview URL is %s, without the URL',
    (previewUrl) => {
      expect(parsePreviewTrigger({ statusId: 'st_9', previewUrl })?.previewUrl).toBeNull()
    }
  )

  it('reads the ids of an automation answer', () => {
    const body = { schemaId: 'sch_1', instanceId: 'run_1', jobId: 'bg_1', queue: 'default' }
    expect(parseAutomationTrigger(body)).toEqual({ schemaId: 'sch_1', instanceId: 'run_1', jobId: 'bg_1', raw: body })
  })

  it('keeps an automation answer without ids: the run is queued all the same', () => {
    expect(parseAutomationTrigger({})).toEqual({ schemaId: null, instanceId: null, jobId: null, raw: {} })
  })

  it('refuses an automation answer that is not an object', () => {
    expect(parseAutomationTrigger('queued')).toBeNull()
  })
})
