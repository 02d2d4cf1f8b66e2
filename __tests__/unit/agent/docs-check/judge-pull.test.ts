/**
 * Judging `paths` on a pull request (judge-pull.ts) against a scripted GitHub: which reads each state
 * costs, what counts as a match (a list that may be cut, a read GitHub refuses), and the compare of the
 * pull request's base and head it hands on, from which the context block takes the commits and files.
 */
import { describe, expect, it } from '@jest/globals'
import type { Comparison } from '../../../../src/github/api.js'
import { compilePaths, type PathsFilter } from '../../../../src/operations/agent/decide/paths.js'
import { judgePull, type PullJudged, type PullJudging } from '../../../../src/operations/agent/read/judge-pull.js'
import { fakeGitHub, fakePull, type FakeGitHub } from '../../../fixtures/fake-github.js'

const BASE = 'b'.repeat(40)
const JUDGED = 'a'.repeat(40)
const HEAD = 'c'.repeat(40)

function docsPaths(...globs: string[]): PathsFilter {
  const compiled = compilePaths(globs)
  if (!compiled.ok) throw new Error(`bad globs: ${globs.join(', ')}`)
  return compiled.filter
}

const PATHS = docsPaths('src/**')

function comparison(files: string[] | null, overrides: Partial<Comparison> = {}): Comparison {
  return {
    status: 'ahead',
    totalCommits: 1,
    commits: [{ sha: HEAD, subject: 'Change it' }],
    files,
    listed: files?.length ?? 0,
    ...overrides
  }
}

/** Pull request #7 at HEAD on `main`, its base commit `baseSha` ('' where the event gives none), judged at `judged`. */
function judging(
  judged: PullJudging['judged'],
  { paths = PATHS, baseSha = BASE, changedFiles = 2 }: { paths?: PathsFilter | null; baseSha?: string; changedFiles?: number } = {}
): PullJudging {
  return {
    target: {
      pull: { repository: 'acme/app', number: 7, fork: false },
      sha: HEAD,
      base: { ref: 'main', sha: baseSha, changedFiles },
      author: null
    },
    judged,
    paths
  }
}

async function judge(github: FakeGitHub, state: PullJudging): Promise<PullJudged & { warnings: string[]; reads: string[] }> {
  const warnings: string[] = []
  const judged = await judgePull(state, { api: github.api, callFailed: (_, consequence) => warnings.push(consequence) })
  return { ...judged, warnings, reads: github.calls.map((call) => `${call.method} ${call.args.join(' ')}`) }
}

/** A GitHub whose compares answer `compares` (by `base...head`), and nothing else. */
function githubWith(compares: Record<string, Comparison>): FakeGitHub {
  return fakeGitHub({ compares: new Map(Object.entries(compares)) })
}

const SINCE_JUDGED = `compare ${JUDGED} ${HEAD}`
const OWN = `compare ${BASE} ${HEAD}`

describe('judging a pull request', () => {
  it('reads nothing with paths unset, or at the judged head', async () => {
    const github = fakeGitHub()

    expect(await judge(github, judging(null, { paths: null }))).toMatchObject({ verdict: 'unset', own: null, reads: [] })
    expect(await judge(github, judging({ head: HEAD, base: 'main' }))).toMatchObject({ verdict: 'unchanged', own: null, reads: [] })
  })

  it("judges the files since the judged head that are the pull request's own, and hands on its own compare", async () => {
    const own = comparison(['src/api.ts', 'README.md'], { totalCommits: 2 })
    const merged = githubWith({ [`${JUDGED}...${HEAD}`]: comparison(['README.md', 'src/merged-from-main.ts']), [`${BASE}...${HEAD}`]: own })
    const changed = githubWith({ [`${JUDGED}...${HEAD}`]: comparison(['src/api.ts']), [`${BASE}...${HEAD}`]: own })

    // src/merged-from-main.ts came with a merge of the base: not this pull request's, so not a match.
    expect(await judge(merged, judging({ head: JUDGED, base: 'main' }))).toEqual({
      verdict: 'unmatched',
      own,
      warnings: [],
      reads: [SINCE_JUDGED, OWN]
    })
    expect(await judge(changed, judging({ head: JUDGED, base: 'main' }))).toMatchObject({
      verdict: 'matched',
      own,
      reads: [SINCE_JUDGED, OWN]
    })
  })

  it('judges every file of the pull request with nothing judged yet, another base, or a head that does not contain the judged one', async () => {
    const own = comparison(['src/api.ts'])
    for (const [judged, since] of [
      [null, null],
      [{ head: JUDGED, base: 'release' }, null],
      [{ head: JUDGED, base: 'main' }, comparison(['README.md'], { status: 'diverged' })]
    ] as const) {
      const github = githubWith({ [`${BASE}...${HEAD}`]: own, ...(since ? { [`${JUDGED}...${HEAD}`]: since } : {}) })

      expect(await judge(github, judging(judged))).toMatchObject({ verdict: 'matched', own, reads: since ? [SINCE_JUDGED, OWN] : [OWN] })
    }
  })

  it('counts a compare that may be cut as a match: 300 files listed, or none given', async () => {
    const many = Array.from({ length: 300 }, (_, i) => `aaa/${i}.md`)
    for (const cut of [comparison(many), comparison(null)]) {
      expect(await judge(githubWith({ [`${JUDGED}...${HEAD}`]: cut }), judging({ head: JUDGED, base: 'main' }))).toMatchObject({
        verdict: 'matched',
        own: null,
        reads: [SINCE_JUDGED]
      })

      // The pull request's own compare, cut, is handed on all the same: its commits are the context block's.
      expect(await judge(githubWith({ [`${BASE}...${HEAD}`]: cut }), judging(null))).toMatchObject({
        verdict: 'matched',
        own: cut,
        reads: [OWN]
      })
    }
  })

  it('reads the live file list where the event gives no base commit, and hands on no compare', async () => {
    const github = fakeGitHub()
    github.state.pulls.set(7, fakePull(7, { files: ['README.md', 'docs/a.md'] }))

    expect(await judge(github, judging(null, { baseSha: '' }))).toMatchObject({
      verdict: 'unmatched',
      own: null,
      reads: ['pullFileChanges 7 300']
    })
    // More files changed than the list holds: it may be cut.
    expect(await judge(github, judging(null, { baseSha: '', changedFiles: 3 }))).toMatchObject({ verdict: 'matched', own: null })
  })

  it('counts a read GitHub refuses as a match, with one warning', async () => {
    const github = fakeGitHub()

    expect(await judge(github, judging(null))).toEqual({
      verdict: 'matched',
      own: null,
      warnings: ['The changed files could not be read, so they count as documented files.'],
      reads: [OWN]
    })
  })
})
