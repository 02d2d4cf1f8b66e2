/** The inputs of `static-export`: export-base-path and job-id, checked before any request; the retired ones unread. */
import { describe, expect, it } from '@jest/globals'
import { InputError } from '../../../src/errors.js'
import { readExportBasePath, readStaticExportInputs } from '../../../src/operations/static-export/inputs.js'

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

describe('export-base-path', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['/', ''],
    [' / ', ''],
    ['/docs', '/docs'],
    ['/documentation', '/documentation']
  ])('reads %j as the body the API takes: %j (null: no body)', (given, basePath) => {
    expect(readExportBasePath(given)).toBe(basePath)
  })

  it.each(['docs', '/docs/', '/Docs', '/documents', '//', '/guides', 'https://docs.example.com/docs', '""'])(
    'refuses %j in one sentence naming the input and the four values',
    (given) => {
      expect(refusal(() => readExportBasePath(given))).toEqual({
        input: 'export-base-path',
        message: `Input 'export-base-path' must be empty (the deployment's own base path), / (no prefix), /docs or /documentation; got '${given}'.`
      })
    }
  )
})

describe('the inputs together', () => {
  it('defaults the file to docs-static-export.tar.gz in the workspace, waits, and sends no base path', () => {
    const { read, warnings } = inputsOf({})
    expect(read).toEqual({
      wait: true,
      jobId: null,
      basePath: null,
      outputFile: 'docs-static-export.tar.gz',
      outputPath: '/tmp/docs-static-export.tar.gz'
    })
    expect(warnings).toEqual([])
  })

  it('never reads the inputs the earlier API took: a workflow written for it runs, whatever they hold', () => {
    const { read, warnings } = inputsOf({ 'export-domain': 'https://x/y', 'export-version': 'v1\nv2', 'export-paths': 'a b' })
    expect(read).toMatchObject({ jobId: null, basePath: null })
    expect(warnings).toEqual([])
  })

  it('with job-id ignores export-base-path, with one warning', () => {
    const { read, warnings } = inputsOf({ 'job-id': '6520f3a1c9b1a20012ab34cd', 'export-base-path': '/docs' })
    expect(read).toMatchObject({ jobId: '6520f3a1c9b1a20012ab34cd', basePath: null })
    expect(warnings).toEqual([
      "Input 'job-id' names static export 6520f3a1c9b1a20012ab34cd, which is fetched as it was made: export-base-path is ignored."
    ])
    expect(inputsOf({ 'job-id': 'se_1', 'export-base-path': '/' }).warnings).toHaveLength(1)
    expect(inputsOf({ 'job-id': 'se_1' }).warnings).toEqual([])
  })

  it('reports a bad export-base-path and a bad job-id together', () => {
    expect(() => inputsOf({ 'job-id': 'a/b', 'export-base-path': '/x' })).toThrow(
      expect.objectContaining({
        errors: [expect.objectContaining({ input: 'job-id' }), expect.objectContaining({ input: 'export-base-path' })]
      })
    )
  })

  it.each(['.', '..', '.hidden', 'se_1.tar', '-x', 'se 1', 'se_1/../x'])(
    'refuses the job-id %j in one sentence: an identifier only',
    (jobId) => {
      const error = refusal(() => inputsOf({ 'job-id': jobId }))
      expect(error.input).toBe('job-id')
      expect(error.message).toMatch(
        new RegExp(
          `^Input 'job-id' must be a static export's id \\(6520f3a1c9b1a20012ab34cd\\) of letters, digits, '_' and '-'; got '${jobId.replace(/[./-]/g, '\\$&')}'\\.`
        )
      )
    }
  )
})
