/**
 * Bad input from every place it can come from: a prompt file that is not text or too long, a duration no
 * runner lives to see, an output file that cannot be created. Each is one sentence naming the input,
 * before any request.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { systemClock } from '../../src/clock.js'
import { isFileSystemError, outputFileError } from '../../src/files.js'
import { readSettingsOf, type SettingsOf } from '../../src/operations/registry.js'
import { type Operation, OPERATIONS } from '../../src/settings.js'
import { AGENT, runEnvironment, stepInputs } from '../fixtures/step-settings.js'
import { refusal } from '../fixtures/refusal.js'

let workspace: string
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'bad-input-'))
  // The first bytes of a PNG: a signature, then a chunk length full of NUL bytes.
  writeFileSync(join(workspace, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]))
  writeFileSync(join(workspace, 'latin1.md'), Buffer.from('Caf\xe9 docs', 'latin1'))
  writeFileSync(join(workspace, 'huge.md'), Buffer.alloc(10 * 1024 * 1024, 'a'))
  writeFileSync(join(workspace, 'longest.md'), 'é'.repeat(100_000))
  writeFileSync(join(workspace, 'too-long.md'), 'é'.repeat(100_001))
  writeFileSync(join(workspace, 'a-file'), 'not a folder')
})
afterAll(() => {
  rmSync(workspace, { recursive: true, force: true })
})

/** The settings of a step of one of `operations` (any, by default) with these inputs. */
function settingsFor<O extends Operation>(overrides: Record<string, string>, operations: readonly O[]): SettingsOf<O> {
  return readSettingsOf(operations, stepInputs(overrides), runEnvironment({ workspace })).settings
}

describe('prompt-file', () => {
  it('refuses a binary file (NUL bytes), such as a PNG', () => {
    const error = refusal(() => settingsFor({ prompt: '', 'prompt-file': 'logo.png' }, OPERATIONS))
    expect(error.input).toBe('prompt-file')
    expect(error.message).toBe(
      "Input 'prompt-file' names logo.png, which holds binary data (NUL bytes), not text: give the path of a UTF-8 text file of at most 100,000 characters in the workspace (check out the repository first)."
    )
  })

  it('refuses a file that is not UTF-8', () => {
    expect(refusal(() => settingsFor({ prompt: '', 'prompt-file': 'latin1.md' }, OPERATIONS)).message).toMatch(
      /^Input 'prompt-file' names latin1\.md, which is not UTF-8 text: /
    )
  })

  it('refuses a 10 MB file by its size, without sending any of it', () => {
    expect(refusal(() => settingsFor({ prompt: '', 'prompt-file': 'huge.md' }, OPERATIONS)).message).toMatch(
      /^Input 'prompt-file' names huge\.md, which has 10,485,760 bytes, too many: /
    )
  })

  it('accepts 100,000 characters, counted as characters rather than bytes', () => {
    expect([...settingsFor({ prompt: '', 'prompt-file': 'longest.md' }, AGENT).prompt]).toHaveLength(100_000)
  })

  it('refuses 100,001 characters instead of cutting the prompt', () => {
    const error = refusal(() => settingsFor({ prompt: '', 'prompt-file': 'too-long.md' }, OPERATIONS))
    expect(error.input).toBe('prompt-file')
    expect(error.message).toBe("Input 'prompt-file' holds 100,001 characters, more than the 100,000 a prompt may have: shorten it.")
  })
})

describe('prompt', () => {
  it('holds the same cap as prompt-file', () => {
    expect(settingsFor({ prompt: 'x'.repeat(100_000) }, AGENT).prompt).toHaveLength(100_000)
    const error = refusal(() => settingsFor({ prompt: 'x'.repeat(100_001) }, OPERATIONS))
    expect(error.input).toBe('prompt')
    expect(error.message).toBe("Input 'prompt' holds 100,001 characters, more than the 100,000 a prompt may have: shorten it.")
  })
})

describe('durations', () => {
  it.each(['timeout', 'poll-interval'])('accepts 5 days for %s and refuses anything longer', (name) => {
    expect(settingsFor({ [name]: '120h' }, OPERATIONS)[name === 'timeout' ? 'timeoutMs' : 'pollIntervalMs']).toBe(432_000_000)
    for (const value of ['121h', '100000h', '432001s']) {
      const error = refusal(() => settingsFor({ [name]: value }, OPERATIONS))
      expect(error.input).toBe(name)
      expect(error.message).toBe(`Input '${name}' must be at most 5 days (120h), the longest a runner keeps a job; got '${value}'.`)
    }
  })
})

describe('output-file', () => {
  it('is not checked for an operation that writes no file', () => {
    const settings = settingsFor({ operation: 'job', 'output-file': 'a-file/below/it.json' }, AGENT)
    expect(settings).not.toHaveProperty('outputFile')
    expect(settings).not.toHaveProperty('outputPath')
  })

  it('refuses a path below a regular file, naming output-file rather than ENOTDIR', () => {
    const error = refusal(() => settingsFor({ operation: 'visitors', 'output-file': 'a-file/exports/visitors.json' }, OPERATIONS))
    expect(error.input).toBe('output-file')
    expect(error.message).toBe(
      `Input 'output-file' names a-file/exports/visitors.json, which cannot be created: ${join(workspace, 'a-file')} is a file, not a folder: give a file name such as analytics/visitors.json or visitors.csv.`
    )
  })

  it('accepts a path whose folders do not exist yet', () => {
    expect(settingsFor({ operation: 'views', 'output-file': 'new/folder/views.csv' }, ['views']).outputPath).toBe(
      join(workspace, 'new/folder/views.csv')
    )
  })

  it('turns a file system error met while writing into a sentence naming output-file', () => {
    const failure = Object.assign(new Error('EROFS: read-only file system, open'), { code: 'EROFS', syscall: 'open' })
    expect(isFileSystemError(failure)).toBe(true)
    expect(isFileSystemError(new Error('HTTP 500'))).toBe(false)
    expect(outputFileError('out/visitors.json', failure).message).toBe(
      "Input 'output-file' names out/visitors.json, which is on a read-only file system."
    )
  })
})

describe('sleeping', () => {
  it('sleeps a delay beyond the longest Node timer without it firing early', async () => {
    const cancel = new AbortController()
    let done = false
    const sleep = systemClock.sleep(30 * 24 * 3_600_000, cancel.signal).then(() => (done = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(done).toBe(false)
    cancel.abort()
    await sleep
    expect(done).toBe(true)
  })
})
