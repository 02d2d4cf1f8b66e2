/**
 * Which lagging languages are in review: one bounded list, then the first page of comments of each listed
 * pull request, the newest first, until every lagging language is found; a cut or a failed read is unknown,
 * never none. Against a fake GitHub (the end-to-end file drives the real one); withReviews is pure.
 */
import { describe, expect, it } from '@jest/globals'
import type { GitHubApi } from '../../../src/github/api.js'
import { jobMarker } from '../../../src/github/markers.js'
import { translationMarker } from '../../../src/github/translation-marker.js'
import { MAX_READS, readReviews, withReviews } from '../../../src/operations/translations/in-review.js'
import type { TranslationsInputs } from '../../../src/operations/translations/inputs.js'
import type { LanguageReport, TranslationsReport } from '../../../src/operations/translations/report.js'
import type { OperationDeps } from '../../../src/operations/operation.js'
import type { Settings } from '../../../src/settings.js'
import { recordKey, sealRecords } from '../../../src/trust/signed-records.js'

const API_KEY = 'mint_test_in_review_key'
const REPO = { owner: 'octo-org', repo: 'docs' }

function language(code: string, lagging: boolean): LanguageReport {
  return {
    scope: '',
    language: code,
    hidden: false,
    counts: { missing: lagging ? 1 : 0, stale: 0, orphan: 0, current: lagging ? 0 : 1 },
    lag: lagging ? 1 : 0,
    oldest: null,
    pages: []
  }
}

function report(...languages: LanguageReport[]): TranslationsReport {
  return { sources: [{ scope: '', language: 'en' }], languages, notInNavigation: [], now: 0 }
}

/** A fake GitHub: `pulls` open and labelled (number → the language its signed introduction records, or null). */
function fakeGitHub(pulls: Map<number, string | null>, options: { cut?: boolean; failOn?: number } = {}) {
  const read: number[] = []
  const api = {
    repo: REPO,
    labelledOpen: () =>
      Promise.resolve(
        Object.assign(
          [...pulls.keys()].map((number) => ({ number, isPull: true })),
          { cut: options.cut ?? false }
        )
      ),
    firstMarkerComments: (number: number) => {
      read.push(number)
      if (number === options.failOn) return Promise.reject(new Error('Could not read the comments: HTTP 502.'))
      const code = pulls.get(number)
      const body = `${jobMarker(`job_${number}`) ?? ''}\n${code ? (translationMarker(code) ?? '') : ''}\n`
      const sealed = sealRecords(body, recordKey(API_KEY), { repository: 'octo-org/docs', number })
      return Promise.resolve([{ id: number, body: sealed, url: `https://github.com/octo-org/docs/pull/${number}#c`, ours: true }])
    }
  }
  return { api: api as unknown as GitHubApi, read }
}

function run(api: GitHubApi, agentLabel = 'docs-agent') {
  const warnings: string[] = []
  const settings = {
    apiKey: API_KEY,
    githubToken: 'ghs_token',
    docsRepository: null,
    agent: { agentLabel, markerAuthors: [] }
  } as unknown as Settings<TranslationsInputs>
  const deps = {
    run: { repo: REPO },
    connectGitHub: () => Promise.resolve(api),
    log: { info: () => undefined, notice: () => undefined, warning: (line: string) => warnings.push(line) },
    clock: { now: () => 0 }
  } as unknown as OperationDeps
  return { settings, deps, warnings }
}

describe('readReviews', () => {
  it('reads the newest first and stops once every lagging language is found', async () => {
    const { api, read } = fakeGitHub(
      new Map([
        [3, 'fr'],
        [5, null],
        [8, 'de'],
        [9, 'fr']
      ])
    )
    const { settings, deps } = run(api)
    const reviews = await readReviews(report(language('de', true), language('fr', true), language('ja', false)), settings, deps)
    expect([reviews, read]).toEqual([
      {
        open: new Map([
          ['fr', 9],
          ['de', 8]
        ]),
        unknown: null
      },
      [9, 8]
    ])
  })

  it('reads nothing when no language lags: no job could start', async () => {
    const { api, read } = fakeGitHub(new Map([[3, 'fr']]))
    const { settings, deps } = run(api)
    expect(await readReviews(report(language('fr', false)), settings, deps)).toEqual({ open: new Map(), unknown: null })
    expect(read).toEqual([])
  })

  it(`reads at most ${MAX_READS} pull requests' comments: the rest left unread is unknown`, async () => {
    const { api, read } = fakeGitHub(new Map(Array.from({ length: MAX_READS + 2 }, (_, index) => [index + 1, null])))
    const { settings, deps } = run(api)
    const reviews = await readReviews(report(language('de', true)), settings, deps)
    expect(read).toHaveLength(MAX_READS)
    expect(reviews.unknown).toBe(
      `2 of the ${MAX_READS + 2} open pull requests labelled docs-agent in octo-org/docs were left unread (at most ${MAX_READS} a run)`
    )
  })

  it('keeps a cut list as unknown, reading no comment', async () => {
    const { api, read } = fakeGitHub(new Map([[3, 'fr']]), { cut: true })
    const { settings, deps } = run(api)
    expect((await readReviews(report(language('fr', true)), settings, deps)).unknown).toMatch(
      /^more than 300 open issues and pull requests/
    )
    expect(read).toEqual([])
  })

  it('stops at a failed read: what it found stands, the rest is unknown', async () => {
    const { api } = fakeGitHub(
      new Map([
        [3, 'fr'],
        [8, 'de'],
        [6, null]
      ]),
      { failOn: 6 }
    )
    const { settings, deps } = run(api)
    const reviews = await readReviews(report(language('de', true), language('fr', true)), settings, deps)
    expect(reviews).toEqual({
      open: new Map([['de', 8]]),
      unknown: 'the comments of octo-org/docs#6 could not be read: Could not read the comments: HTTP 502.'
    })
  })

  it('without agent-label looks for nothing, saying once that a language may get a second pull request', async () => {
    const { api, read } = fakeGitHub(new Map([[3, 'fr']]))
    const { settings, deps, warnings } = run(api, '')
    expect(await readReviews(report(language('fr', true)), settings, deps)).toEqual({ open: new Map(), unknown: null })
    expect([read, warnings]).toEqual([
      [],
      [
        "A language whose translations pull request is still open is not looked for (agent-label is empty, so the agent's pull requests carry no label to list them by): it may get a second one."
      ]
    ])
  })
})

describe('withReviews', () => {
  it('lists a found language in review (any case of its code), and a lagging one not found unknown when the reads were cut', () => {
    const reviewed = withReviews(report(language('zh-Hans', true), language('fr', true), language('ja', false)), {
      open: new Map([['zh-hans', 12]]),
      unknown: 'the list was cut'
    })
    expect(reviewed.languages.map((one) => [one.language, one.review])).toEqual([
      ['zh-Hans', { pull: 12 }],
      ['fr', { unknown: 'the list was cut' }],
      ['ja', undefined]
    ])
  })

  it('leaves a language not found without a review when the reads were whole', () => {
    const reviewed = withReviews(report(language('fr', true)), { open: new Map(), unknown: null })
    expect(reviewed.languages[0]?.review).toBeUndefined()
  })
})
