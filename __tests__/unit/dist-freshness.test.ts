/**
 * The end-to-end tests and the demo rebuild dist/ when it is not the bundle of src/. The check compares a
 * digest of src/'s contents, recorded by the build, so a fresh clone (every mtime the checkout time) is
 * judged by what the files say, not by when they were written.
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals'
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { distMatchesSource, recordSourceDigest, sourceDigest } from '../../scripts/dist-freshness.js'
import { tempDir } from '../fixtures/temp-dir.js'

let root: ReturnType<typeof tempDir>
beforeEach(() => {
  root = tempDir('dist-freshness-')
  mkdirSync(join(root.path, 'src', 'report'), { recursive: true })
  mkdirSync(join(root.path, 'dist'))
  writeFileSync(join(root.path, 'src', 'main.ts'), 'export const a = 1\n')
  writeFileSync(join(root.path, 'src', 'report', 'summary.ts'), 'export const b = 2\n')
})
afterEach(() => root.remove())

const src = (): string => join(root.path, 'src')

describe('dist/ against src/', () => {
  it('matches right after the build recorded the digest', () => {
    recordSourceDigest(root.path)
    expect(readFileSync(join(root.path, 'dist', 'src-digest.txt'), 'utf8')).toBe(`${sourceDigest(src())}\n`)
    expect(distMatchesSource(root.path)).toBe(true)
  })

  it('still matches when every source file is newer than the bundle, as in a fresh clone', () => {
    recordSourceDigest(root.path)
    const later = new Date(Date.UTC(2030, 0, 1))
    for (const file of ['main.ts', 'report/summary.ts']) utimesSync(join(src(), file), later, later)
    expect(distMatchesSource(root.path)).toBe(true)
  })

  it('is stale once a source file changes, even by one character', () => {
    recordSourceDigest(root.path)
    writeFileSync(join(src(), 'report', 'summary.ts'), 'export const b = 3\n')
    expect(distMatchesSource(root.path)).toBe(false)
  })

  it('is stale once a source file is added, removed or renamed', () => {
    recordSourceDigest(root.path)
    writeFileSync(join(src(), 'wait.ts'), '')
    expect(distMatchesSource(root.path)).toBe(false)

    rmSync(join(src(), 'wait.ts'))
    expect(distMatchesSource(root.path)).toBe(true)

    const content = readFileSync(join(src(), 'main.ts'))
    rmSync(join(src(), 'main.ts'))
    writeFileSync(join(src(), 'index.ts'), content)
    expect(distMatchesSource(root.path)).toBe(false)
  })

  it('is stale when the bundle carries no digest (built before this check, or missing)', () => {
    expect(distMatchesSource(root.path)).toBe(false)
    rmSync(join(root.path, 'dist'), { recursive: true })
    expect(distMatchesSource(root.path)).toBe(false)
  })
})
