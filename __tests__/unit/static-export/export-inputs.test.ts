/** The inputs of `static-export`: export-domain, export-paths, export-version and job-id, checked before any request. */
import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../../src/errors.js'
import { readExportDomain, readExportPaths, readStaticExportInputs } from '../../../src/operations/static-export/inputs.js'

const ENV = { eventName: 'workflow_dispatch', workspace: '/tmp', now: 0 }

function inputsOf(values: Record<string, string>): { read: ReturnType<typeof readStaticExportInputs>; warnings: string[] } {
  const warnings: string[] = []
  return { read: readStaticExportInputs((name) => values[name] ?? '', ENV, warnings), warnings }
}

function refusal(read: () => unknown): { input: string; message: string } {
  try {
    read()
  } catch (error) {
    if (error instanceof InputError) return { input: error.input, message: error.message }
    throw error
  }
  throw new Error('accepted')
}

describe('export-domain', () => {
  it.each(['docs.example.com', 'Docs.Example.COM', ' acme.mintlify.app '])('takes the hostname %j, in lower case', (domain) => {
    expect(readExportDomain(domain)).toBe(domain.trim().toLowerCase())
  })

  it.each([
    ['', "is required when operation is 'static-export' and no job-id is given"],
    ['https://docs.example.com', "is 'https://docs.example.com', which has a protocol"],
    ['docs.example.com/', "is 'docs.example.com/', which has a path or a slash"],
    ['docs.example.com/docs', "is 'docs.example.com/docs', which has a path or a slash"],
    ['docs.example.com:443', "is 'docs.example.com:443', which has a port"],
    ['localhost', "is 'localhost', which is not a hostname"],
    ['docs_example.com', "is 'docs_example.com', which is not a hostname"],
    ['-docs.example.com', "is '-docs.example.com', which is not a hostname"]
  ])('refuses %j in one sentence naming the input, with the example', (domain, why) => {
    expect(refusal(() => readExportDomain(domain))).toEqual({
      input: 'export-domain',
      message: `Input 'export-domain' ${why}: give the hostname of the deployment only, such as docs.example.com (or acme.mintlify.app without a custom domain).`
    })
  })
})

describe('export-paths', () => {
  it('reads lines and commas, drops a leading slash and an .md or .mdx extension, and repeats nothing', () => {
    expect(readExportPaths('/index.mdx, guides/getting-started\n\n  api/intro.md ,guides/getting-started')).toEqual([
      'index',
      'guides/getting-started',
      'api/intro'
    ])
  })

  it('is empty (every published page) when not given', () => {
    expect(readExportPaths('  \n ')).toEqual([])
  })

  it.each([
    ['/', 'names no page (the home page is index)'],
    ['guides/a b', 'holds a character a page path cannot (a space, ?, #, %, a backslash or a quote)'],
    ['guides/a#top', 'holds a character a page path cannot (a space, ?, #, %, a backslash or a quote)'],
    ['guides/%2e%2e', 'holds a character a page path cannot (a space, ?, #, %, a backslash or a quote)'],
    ['guides/../secret', 'has an empty, . or .. part, or ends with a slash'],
    ['guides//a', 'has an empty, . or .. part, or ends with a slash'],
    ['guides/', 'has an empty, . or .. part, or ends with a slash']
  ])('refuses %j naming the path', (path, why) => {
    expect(refusal(() => readExportPaths(path))).toEqual({
      input: 'export-paths',
      message: `Input 'export-paths' has '${path}', which ${why}: give page paths such as guides/getting-started, one per line or comma-separated.`
    })
  })

  it('takes 1,000 pages and refuses 1,001', () => {
    const pages = (count: number): string => Array.from({ length: count }, (_, i) => `p${i}`).join('\n')
    expect(readExportPaths(pages(1000))).toHaveLength(1000)
    expect(refusal(() => readExportPaths(pages(1001))).message).toBe(
      "Input 'export-paths' lists 1001 pages; at most 1000 can be exported at once."
    )
  })
})

describe('the inputs together', () => {
  it('defaults the file to docs-static-export.tar.gz in the workspace and waits', () => {
    const { read, warnings } = inputsOf({ 'export-domain': 'docs.example.com' })
    expect(read).toEqual({
      wait: true,
      jobId: null,
      domain: 'docs.example.com',
      version: null,
      paths: [],
      outputFile: 'docs-static-export.tar.gz',
      outputPath: '/tmp/docs-static-export.tar.gz'
    })
    expect(warnings).toEqual([])
  })

  it('with job-id needs no domain, and says the export inputs are ignored when given', () => {
    expect(inputsOf({ 'job-id': 'se_1' }).read).toMatchObject({ jobId: 'se_1', domain: '', paths: [] })
    expect(inputsOf({ 'job-id': 'se_1', 'export-domain': 'https://x', 'export-paths': 'a b' }).warnings).toEqual([
      "Input 'job-id' names static export se_1, which is fetched as it was made: export-domain, export-version and export-paths are ignored."
    ])
  })

  it.each(['.', '..', '.hidden', 'se_1.tar', '-x', 'se 1'])('refuses the job-id %j in one sentence: an identifier only', (jobId) => {
    const error = refusal(() => inputsOf({ 'job-id': jobId }))
    expect(error.input).toBe('job-id')
    expect(error.message).toMatch(
      new RegExp(
        `^Input 'job-id' must be a static export's id \\(se_…\\) of letters, digits, '_' and '-'; got '${jobId.replace(/[.-]/g, '\\$&')}'\\.`
      )
    )
  })

  it('refuses a job-id with a slash, and a version on two lines', () => {
    expect(refusal(() => inputsOf({ 'job-id': 'se_1/../x' })).input).toBe('job-id')
    expect(refusal(() => inputsOf({ 'export-domain': 'docs.example.com', 'export-version': 'v1\nv2' })).input).toBe('export-version')
  })
})
