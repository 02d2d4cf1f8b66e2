/**
 * translate: true end to end on dist/index.js against the simulator, in real git repositories made here: the
 * introduction of a translations job's pull request records the operation and the language (signed, as every
 * record), and a language whose translations pull request is still open is listed `in review (#n)` and gets no
 * new job. Only a trusted author's signed introduction counts; a list cut past 3 pages or a read that failed
 * is `unknown`, never none: that language gets no job, with a warning saying why.
 */
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ActionRun } from '../../scripts/run-action.js'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { jobMarker } from '../../src/github/markers.js'
import { translationMarker } from '../../src/github/translation-marker.js'
import { recordKey, readSignedRecords } from '../../src/trust/signed-records.js'
import { GitSite } from '../fixtures/git-site.js'
import { signedComment } from '../fixtures/signed-comments.js'
import { schedulePayload } from '../fixtures/webhook-payloads.js'
import { annotations, runAgainst } from './harness.js'

/** The workflow's repository, where the simulator's agent opens its pull requests. */
const DOCS = 'octo-org/docs'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
  // The repository exists on GitHub before any agent pull request: an issue of its own, unlabelled.
  sim.github.addIssue(DOCS, { number: 1, title: 'Typo on the quickstart' })
})
afterEach(async () => {
  await sim.close()
})

/** English, German and French: German lags more than French, both with a missing page. */
function twoTranslations(workspace: string): void {
  const repo = new GitSite(workspace)
  const languages = ['en', 'de', 'fr'].map((code, index) => ({
    language: code,
    ...(index === 0 ? { default: true } : {}),
    groups: [{ group: 'G', pages: ['a', 'b'].map((page) => (index === 0 ? page : `${code}/${page}`)) }]
  }))
  repo.change({ 'docs.json': JSON.stringify({ navigation: { languages } }), 'a.mdx': '# A\n', 'b.mdx': '# B\n' }, 'English pages')
  repo.change({ 'fr/a.mdx': '# A fr\n', 'de/a.mdx': '# A de\n' }, 'Translations')
  repo.change({ 'a.mdx': '# A\n\nMore.\n' }, 'More on A')
  repo.change({ 'fr/a.mdx': '# A fr\n\nPlus.\n' }, 'Plus sur A')
}

function translations(inputs: Record<string, string> = {}): Promise<ActionRun> {
  return runAgainst(sim, {
    inputs: { operation: 'translations', translate: 'true', prompt: '', ...inputs },
    eventName: 'schedule',
    event: schedulePayload(),
    prepare: twoTranslations
  })
}

/** The languages of the jobs created since `since` Mintlify requests, in order. */
function jobLanguages(since = 0): string[] {
  return sim
    .mintlifyRequests()
    .slice(since)
    .filter((request) => request.method === 'POST' && request.path.endsWith('/job'))
    .map((request) => /^Update the (\S+) translation/.exec((JSON.parse(request.body) as { prompt: string }).prompt)?.[1] ?? '?')
}

interface SeededPull {
  number: number
  /** The language its introduction records; null: the introduction of another job, without one. */
  language: string | null
  /** Who wrote the introduction; default the token's own identity. */
  by?: string
  /** The API key its records are signed with; default the run's. */
  key?: string
  repository?: string
}

/** An open agent pull request labelled docs-agent, with an introduction that records a translations job of `language`. */
function seedTranslationPull(seed: SeededPull): void {
  const repository = seed.repository ?? DOCS
  sim.github.addIssue(repository, {
    number: seed.number,
    title: `Translate ${seed.language ?? 'nothing'}`,
    pullRequest: true,
    user: 'mintlify[bot]',
    labels: ['docs-agent']
  })
  const translation = seed.language === null ? '' : `${translationMarker(seed.language)}\n`
  const body = `${jobMarker(`job_${seed.number}`)}\n${translation}🤖 The Mintlify docs agent opened this pull request.\n`
  sim.github.addComment(repository, seed.number, {
    user: seed.by ?? sim.github.identity,
    body: signedComment(body, { repository, number: seed.number }, seed.key ?? sim.apiKey)
  })
}

interface FileLanguage {
  language: string
  inReview: number | string | null
}

function fileLanguages(run: ActionRun): FileLanguage[] {
  const file = JSON.parse(readFileSync(join(run.workspace, 'docs-translations.json'), 'utf8')) as { languages: FileLanguage[] }
  return file.languages.map(({ language, inReview }) => ({ language, inReview }))
}

function reportLanguages(run: ActionRun): Record<string, { inReview?: number | string }> {
  return (JSON.parse(run.outputs.report ?? '') as { languages: Record<string, { inReview?: number | string }> }).languages
}

describe('the introduction of a translations pull request', () => {
  test('records the operation and the language, signed; the next run lists the language in review (#n) and starts no job for it', async () => {
    const first = await translations()
    expect([first.outputs.outcome, jobLanguages()]).toEqual(['reported', ['de']])
    const pull = Number(first.outputs['pr-number'])
    const introduction = sim.github.comments(DOCS, pull).find((comment) => comment.body.includes('docs-agent-action:job'))
    expect(introduction?.user.login).toBe(sim.github.identity)
    expect(introduction?.body).toContain('<!-- docs-agent-action:translation de -->')
    const read = readSignedRecords(introduction?.body ?? '', recordKey(sim.apiKey), { repository: DOCS, number: pull })
    expect(read.kind).toBe('verified')
    expect(read.kind === 'verified' ? read.body : '').toContain('<!-- docs-agent-action:translation de -->')
    expect(sim.github.labels(DOCS, pull)).toContain('docs-agent')

    // The next run: German's pull request is still open, so French gets the job.
    const before = sim.mintlifyRequests().length
    const second = await translations()
    expect(jobLanguages(before)).toEqual(['fr'])
    expect(second.log).toContain(`No job for de in this run: in review (#${pull}).`)
    expect(second.summary).toContain(`| \`de\` in review (#${pull}) |`)
    expect(reportLanguages(second).de?.inReview).toBe(pull)
    expect(fileLanguages(second)).toEqual([
      { language: 'de', inReview: pull },
      { language: 'fr', inReview: null }
    ])

    // Both in review: no job at all, and the CSV file says so on every row of each language.
    const third = mark()
    const csv = await translations({ 'output-file': 'translations.csv' })
    expect(jobLanguages(third.mintlify)).toEqual([])
    expect(csv.log).not.toContain('No language has stale or missing pages')
    const rows = readFileSync(join(csv.workspace, 'translations.csv'), 'utf8').trim().split('\r\n')
    expect(rows[0]?.endsWith(',commits,in_review')).toBe(true)
    expect(rows.slice(1).map((row) => [row.split(',')[1], row.split(',').at(-1)])).toEqual([
      ['de', String(pull)],
      ['de', String(pull)],
      ['fr', String(pull + 1)],
      ['fr', String(pull + 1)]
    ])
    // One list, one identity look-up, and the first page of comments of each listed pull request: nothing written.
    expect(githubCalls(third).sort()).toEqual(
      [
        `GET /repos/${DOCS}/issues`,
        'POST /graphql',
        `GET /repos/${DOCS}/issues/${pull + 1}/comments`,
        `GET /repos/${DOCS}/issues/${pull}/comments`
      ].sort()
    )
  }, 90_000)
})

describe('which introductions count', () => {
  test("someone else's comment with the marker, or one signed with another key, does not: the language gets its job", async () => {
    seedTranslationPull({ number: 7, language: 'de', by: 'mallory' })
    seedTranslationPull({ number: 8, language: 'de', key: `mint_${'x'.repeat(32)}` })
    const run = await translations()
    expect(jobLanguages()).toEqual(['de'])
    expect(run.summary).not.toContain('in review')
    expect(reportLanguages(run).de?.inReview).toBeUndefined()
  }, 60_000)

  test('a marker-authors introduction in docs-repository counts; a closed one, or one of another job, does not', async () => {
    const elsewhere = 'octo-org/docs-site'
    sim.github.addIssue(elsewhere, { number: 1, title: 'Typo' })
    seedTranslationPull({ number: 7, language: 'de', by: 'docs-bot', repository: elsewhere })
    seedTranslationPull({ number: 9, language: 'fr', repository: elsewhere })
    sim.github.closePull(elsewhere, 9, { merged: true })
    seedTranslationPull({ number: 10, language: null, repository: elsewhere })
    const run = await translations({ 'docs-repository': elsewhere, 'marker-authors': 'docs-bot' })
    expect(jobLanguages()).toEqual(['fr'])
    expect(run.log).toContain('No job for de in this run: in review (#7).')
    expect(reportLanguages(run).fr?.inReview).toBeUndefined()
  }, 60_000)

  test('an introduction by a login not in marker-authors does not count', async () => {
    seedTranslationPull({ number: 7, language: 'de', by: 'docs-bot' })
    await translations()
    expect(jobLanguages()).toEqual(['de'])
  }, 60_000)
})

describe('a read the decision rests on', () => {
  test('a list cut past 3 pages is unknown: no job, one warning a language saying why', async () => {
    for (let number = 2; number <= 302; number++) sim.github.addIssue(DOCS, { number, title: `Issue ${number}`, labels: ['docs-agent'] })
    const run = await translations()
    expect([run.exitCode, run.outputs.outcome, jobLanguages()]).toEqual([0, 'reported', []])
    const why = `more than 300 open issues and pull requests are labelled docs-agent in ${DOCS}, and only 300 were listed`
    expect(annotations(run, 'warning').filter((line) => line.startsWith('No job for'))).toEqual([
      `No job for de in this run: whether its last translations pull request is still open is unknown (${why}).`,
      `No job for fr in this run: whether its last translations pull request is still open is unknown (${why}).`
    ])
    expect(run.summary).toContain('| `de` in review: unknown |')
    expect(reportLanguages(run).fr?.inReview).toBe('unknown')
    expect(fileLanguages(run)).toEqual([
      { language: 'de', inReview: 'unknown' },
      { language: 'fr', inReview: 'unknown' }
    ])
    // Three pages listed, no comment read.
    expect(githubCalls().filter((call) => call.includes('/comments'))).toEqual([])
    expect(githubCalls().filter((call) => call.endsWith('/issues'))).toHaveLength(3)
  }, 60_000)

  test('a comment read that failed is unknown; a language found before it stays in review', async () => {
    // Read newest first: #8 (German's) answers, #7's comments are refused.
    sim.github.addIssue(DOCS, { number: 7, title: 'Docs for a change', pullRequest: true, labels: ['docs-agent'] })
    seedTranslationPull({ number: 8, language: 'de' })
    // The list, the identity look-up and #8's comments pass; the next request (#7's comments) is refused.
    sim.injectFault({ route: 'github-any', skip: 3, status: 403 })
    const run = await translations()
    expect(jobLanguages()).toEqual([])
    const warnings = annotations(run, 'warning').filter((line) => line.startsWith('No job for'))
    expect(warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^No job for fr in this run: whether its last translations pull request is still open is unknown \\(the comments of ${DOCS}#7 could not be read: .+\\)\\.$`
        )
      )
    ])
    expect(fileLanguages(run)).toEqual([
      { language: 'de', inReview: 8 },
      { language: 'fr', inReview: 'unknown' }
    ])
  }, 60_000)
})

/** Where the simulator's request log stands. */
function mark(): { github: number; mintlify: number } {
  return { github: sim.githubRequests().length, mintlify: sim.mintlifyRequests().length }
}

/** GitHub requests as `METHOD path` (the API prefix cut) since `since`. */
function githubCalls(since = { github: 0 }): string[] {
  return sim
    .githubRequests()
    .slice(since.github)
    .map((request) => `${request.method} ${request.path.replace('/api/v3', '').replace('/api/graphql', '/graphql')}`)
}
