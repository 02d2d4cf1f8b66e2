/**
 * Translations judged from real git repositories made here, merges included: the commit graph decides,
 * never the dates (a side branch's source commit dated before the translation but merged after it is
 * stale; a source commit dated after the translation but among its ancestors is not).
 */
import { afterEach, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { checkoutGit } from '../../../src/operations/translations/git.js'
import type { JudgedPair } from '../../../src/operations/translations/judge.js'
import { checkoutJsonFiles, readTranslations, type TranslationFacts } from '../../../src/operations/translations/read.js'
import { GitSite, twoLanguageDocsJson } from '../../fixtures/git-site.js'
import { tempDir } from '../../fixtures/temp-dir.js'

const made: { remove(): void }[] = []
afterEach(() => made.splice(0).forEach((dir) => dir.remove()))

function site(): GitSite {
  const dir = tempDir('translations-')
  made.push(dir)
  return new GitSite(join(dir.path, 'repo'))
}

async function facts(repo: { dir: string }, signs = true): Promise<TranslationFacts> {
  const read = await readTranslations({ docsFolder: '', languages: [], signs }, checkoutGit(repo.dir), checkoutJsonFiles(repo.dir))
  if (read.kind !== 'read') throw new Error('one language')
  return read.facts
}

async function judged(repo: { dir: string }): Promise<JudgedPair[]> {
  return (await facts(repo)).pairs
}

function stateOf(pairs: JudgedPair[], translation: string): { state: string; since: string[] | null; rule: string | null } {
  const pair = pairs.find((one) => one.translation === translation)
  return { state: pair?.state ?? 'absent', since: pair?.since?.map((commit) => commit.subject) ?? null, rule: pair?.rule ?? null }
}

const NAV = twoLanguageDocsJson(['quickstart', 'guide'], ['fr/quickstart', 'fr/guide'])

describe('states by the commit graph', () => {
  it('is current after the translation, stale with the commits since after a source change', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n' }, 'Add the English pages')
    repo.change({ 'fr/quickstart.mdx': '# Démarrer\n', 'fr/guide.mdx': '# Guide\n' }, 'Translate into French')
    expect(stateOf(await judged(repo), 'fr/quickstart.mdx')).toEqual({ state: 'current', since: [], rule: 'path' })
    repo.change({ 'quickstart.mdx': '# Start\n\nInstall it.\n' }, 'Explain the install')
    repo.change({ 'quickstart.mdx': '# Start\n\nInstall it first.\n' }, 'Say first')
    expect(stateOf(await judged(repo), 'fr/quickstart.mdx')).toEqual({
      state: 'stale',
      since: ['Say first', 'Explain the install'],
      rule: 'path'
    })
    expect(stateOf(await judged(repo), 'fr/guide.mdx').state).toBe('current')
  })

  it('counts a source commit on a side branch, dated before the translation, merged after it', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n' }, 'Add the English pages')
    repo.branch('side')
    repo.change({ 'quickstart.mdx': '# Start\n\nOn the side.\n' }, 'Side change', { days: 1 })
    repo.checkout('main')
    repo.change({ 'fr/quickstart.mdx': '# Démarrer\n', 'fr/guide.mdx': '# Guide\n' }, 'Translate into French', { days: 5 })
    repo.merge('side')
    expect(stateOf(await judged(repo), 'fr/quickstart.mdx')).toEqual({ state: 'stale', since: ['Side change'], rule: 'path' })
  })

  it('does not count a source commit dated after the translation when it is among its ancestors', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n' }, 'Add the English pages')
    repo.change({ 'quickstart.mdx': '# Start v2\n' }, 'Source dated late', { days: 30 })
    repo.branch('translate')
    repo.change({ 'fr/quickstart.mdx': '# Démarrer v2\n', 'fr/guide.mdx': '# Guide\n' }, 'Translate, dated early', { days: -20 })
    repo.checkout('main')
    repo.change({ 'README.md': 'x\n' }, 'Unrelated')
    repo.merge('translate')
    expect(stateOf(await judged(repo), 'fr/quickstart.mdx')).toEqual({ state: 'current', since: [], rule: 'path' })
  })

  it('names the commit that changed the translation, not the merge that brought it in', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n' }, 'Add the English pages')
    repo.branch('translate')
    const translated = repo.change({ 'fr/quickstart.mdx': '# Démarrer\n', 'fr/guide.mdx': '# Guide\n' }, 'Translate')
    repo.checkout('main')
    repo.change({ 'quickstart.mdx': '# Start again\n' }, 'Source on main meanwhile')
    repo.merge('translate')
    const pair = (await judged(repo)).find((one) => one.translation === 'fr/quickstart.mdx')
    expect([pair?.state, pair?.translatedAt?.sha, pair?.since?.map((commit) => commit.subject)]).toEqual([
      'stale',
      translated,
      ['Source on main meanwhile']
    ])
  })

  it('leaves out a change of whitespace within lines, and counts a change of blank lines', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start here\n', 'guide.mdx': '# Guide\n' }, 'Add the English pages')
    repo.change({ 'fr/quickstart.mdx': '# Démarrer\n', 'fr/guide.mdx': '# Guide\n' }, 'Translate')
    repo.change({ 'quickstart.mdx': '#  Start   here\n' }, 'Spaces only')
    repo.change({ 'guide.mdx': '# Guide\n\n' }, 'A blank line')
    const pairs = await judged(repo)
    expect([stateOf(pairs, 'fr/quickstart.mdx').state, stateOf(pairs, 'fr/guide.mdx').since]).toEqual(['current', ['A blank line']])
  })

  it('judges missing and orphan pages, and honours outdated_since and outdated_translation', async () => {
    const repo = site()
    // fr/old.mdx is on no navigation, and no source page has its path.
    const nav = twoLanguageDocsJson(['quickstart', 'guide', 'api'], ['fr/quickstart', 'fr/guide'])
    const first = repo.change(
      { 'docs.json': nav, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n', 'api.mdx': '# API\n' },
      'English'
    )
    repo.change({ 'quickstart.mdx': '# Start 2\n' }, 'Second source change')
    repo.change(
      {
        'fr/quickstart.mdx': `---\ntitle: Démarrer\noutdated_since: ${first.slice(0, 10)}\n---\n# Démarrer\n`,
        'fr/guide.mdx': '---\noutdated_translation: true\n---\n# Guide\n',
        'fr/old.mdx': '# Vieux\n'
      },
      'Translate'
    )
    const pairs = await judged(repo)
    expect(stateOf(pairs, 'fr/quickstart.mdx')).toEqual({ state: 'stale', since: ['Second source change', 'English'], rule: 'path' })
    expect(stateOf(pairs, 'fr/guide.mdx')).toEqual({ state: 'stale', since: null, rule: 'path' })
    expect(stateOf(pairs, 'fr/api.mdx')).toEqual({ state: 'missing', since: ['English'], rule: 'path' })
    expect(pairs.find((one) => one.translation === 'fr/api.mdx')?.joins).toEqual({ indexPath: 'groups.0.pages.2', file: 'docs.json' })
    expect(stateOf(pairs, 'fr/old.mdx')).toEqual({ state: 'orphan', since: [], rule: null })
  })

  it('reads page files through git: a symlinked translation is no page', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n', 'fr/guide.mdx': '# Guide\n' }, 'English')
    repo.git('config', 'core.symlinks', 'true')
    mkdirSync(join(repo.dir, 'fr'), { recursive: true })
    symlinkSync('../quickstart.mdx', join(repo.dir, 'fr/quickstart.mdx'))
    repo.commit('A symlink where the translation should be')
    expect(stateOf(await judged(repo), 'fr/quickstart.mdx').state).toBe('missing')
  })
})

describe('signs of another translator', () => {
  it('names a translation committed by Mintlify’s App, a workflow that names translation, and an AGENTS.md line naming a language folder', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n' }, 'English')
    const app = repo.change({ 'fr/quickstart.mdx': '# Démarrer\n', 'fr/guide.mdx': '# Guide\n' }, 'Translate', {
      author: 'mintlify[bot]',
      email: '109931778+mintlify[bot]@users.noreply.github.com'
    })
    repo.change(
      {
        '.mintlify/workflows/weekly.md': '---\nname: Weekly\n---\nKeep the docs fresh.\nTranslate new pages into French.\n',
        'AGENTS.md': '# Agents\n\nNever edit files under fr/ by hand.\n'
      },
      'Agent rules'
    )
    expect((await facts(repo)).signs).toEqual([
      `fr/quickstart.mdx was committed by Mintlify's App (${app.slice(0, 7)}): another translator is at work on this repository, and the agent's translation jobs may overlap with its work.`,
      ".mintlify/workflows/weekly.md line 5 names translation: a Mintlify workflow may translate these pages too, and the agent's translation jobs may overlap with it.",
      'AGENTS.md line 3 names the fr/ folder: where it keeps the agent out of it, the fr translation job may change nothing.'
    ])
    expect((await facts(repo, false)).signs).toEqual([])
  })
})

describe('the checkout', () => {
  it('names actions/checkout without .git, fetch-depth: 0 when shallow, filter when partial', async () => {
    const repo = site()
    repo.change({ 'docs.json': NAV, 'quickstart.mdx': '# Start\n', 'guide.mdx': '# Guide\n' }, 'English')
    repo.change({ 'quickstart.mdx': '# Start 2\n' }, 'Two')
    repo.git('config', 'uploadpack.allowFilter', 'true')
    const plain = tempDir('no-git-')
    made.push(plain)
    writeFileSync(join(plain.path, 'docs.json'), NAV)
    await expect(judged(new GitSiteAt(plain.path))).rejects.toThrow(/actions\/checkout/)
    const shallow = join(repo.dir, '..', 'shallow')
    repo.git('clone', '-q', '--depth', '1', `file://${repo.dir}`, shallow)
    await expect(judged(new GitSiteAt(shallow))).rejects.toThrow(/fetch-depth: 0/)
    const partial = join(repo.dir, '..', 'partial')
    repo.git('clone', '-q', '--filter=blob:none', `file://${repo.dir}`, partial)
    await expect(judged(new GitSiteAt(partial))).rejects.toThrow(/filter/)
  })

  it('reads history in at most 5 git processes, whatever the number of pages', async () => {
    const repo = site()
    const pages = Array.from({ length: 40 }, (_, index) => `page-${index}`)
    const nav = twoLanguageDocsJson(
      pages,
      pages.map((page) => `fr/${page}`)
    )
    repo.change({ 'docs.json': nav, ...Object.fromEntries(pages.map((page) => [`${page}.mdx`, `# ${page}\n`])) }, 'English')
    repo.change(Object.fromEntries(pages.map((page) => [`fr/${page}.mdx`, `# ${page} fr\n`])), 'French')
    const shim = tempDir('git-shim-')
    made.push(shim)
    const log = join(shim.path, 'calls.log')
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim()
    writeFileSync(join(shim.path, 'git'), `#!/bin/sh\necho "$1" >> '${log}'\nexec '${real}' "$@"\n`)
    chmodSync(join(shim.path, 'git'), 0o755)
    const path = process.env.PATH
    process.env.PATH = `${shim.path}:${path ?? ''}`
    try {
      expect((await judged(repo)).filter((pair) => pair.state === 'current')).toHaveLength(40)
    } finally {
      process.env.PATH = path
    }
    const calls = readFileSync(log, 'utf8').trim().split('\n')
    expect(calls.length).toBeLessThanOrEqual(5)
  })
})

/** A folder judged as it is (no repository made here). */
class GitSiteAt {
  constructor(readonly dir: string) {}
}

describe('the diff of one page', () => {
  it('reads a file name as the name of that file alone, never as a pattern', async () => {
    const repo = site()
    const first = repo.write({ 'docs/a.mdx': 'a\n', 'docs/*.mdx': 'star\n' }).commit('first')
    repo.write({ 'docs/a.mdx': 'a changed\n' }).commit('a changes')

    const git = checkoutGit(repo.dir)
    expect(await git.diff(first, 'docs/*.mdx')).toBe('')
    expect(await git.diff(first, 'docs/a.mdx')).toContain('+a changed')
  })
})
