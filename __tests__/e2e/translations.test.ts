/**
 * operation: translations end to end on dist/index.js, in a real git repository made here: a weekly report
 * of a site in English and French (counts, pages stalest first, the file, the `report` output), CSV by the
 * file's extension, a site of one language skipped, and the checkout's and docs.json's faults, each one
 * sentence before anything else is read. No key is needed and no request is sent for a report.
 */
import { describe, expect, test } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type ActionRun, runAction } from '../../scripts/run-action.js'
import { GitSite, twoLanguageDocsJson } from '../fixtures/git-site.js'

/** A site in English and French under docs/: one page current, one stale (by a merged side branch), one missing, one orphan. */
function bilingualSite(workspace: string): void {
  const repo = new GitSite(workspace)
  repo.change(
    {
      'docs/docs.json': twoLanguageDocsJson(['quickstart', 'guide', 'api'], ['fr/quickstart', 'fr/guide']),
      'docs/quickstart.mdx': '# Start\n',
      'docs/guide.mdx': '# Guide\n',
      'docs/api.mdx': '# API\n'
    },
    'Add the English pages'
  )
  repo.branch('side')
  repo.change({ 'docs/guide.mdx': '# Guide\n\nMore.\n' }, 'Ping @octocat about #12 <b>bold</b> https://evil.example', { days: 1 })
  repo.checkout('main')
  repo.change(
    { 'docs/fr/quickstart.mdx': '# Démarrer\n', 'docs/fr/guide.mdx': '# Guide\n', 'docs/fr/ancien.mdx': '# Vieux\n' },
    'Traduire',
    { days: 5 }
  )
  repo.merge('side')
}

function translations(inputs: Record<string, string>, prepare: (workspace: string) => void = bilingualSite): Promise<ActionRun> {
  return runAction({
    inputs: { operation: 'translations', 'api-key': '', 'project-id': '', 'docs-path': 'docs', ...inputs },
    eventName: 'schedule',
    prepare
  })
}

describe('the translations report', () => {
  test('reports each language’s counts, its pages stalest first, the file and the report output', async () => {
    const run = await translations({})
    expect([run.exitCode, run.outputs.outcome, run.outputs['failure-reason']]).toEqual([0, 'reported', ''])
    expect(JSON.parse(run.outputs.report ?? '')).toEqual({
      languages: { fr: { missing: 1, stale: 1, orphan: 1, current: 1, lag: 2 } },
      jobs: []
    })
    expect(run.outputs.file).toBe('docs-translations.json')
    const file = JSON.parse(readFileSync(join(run.workspace, 'docs-translations.json'), 'utf8')) as { pairs: Record<string, unknown>[] }
    expect(file.pairs.map((pair) => [pair.translation, pair.state, pair.rule, pair.commitsSince])).toEqual([
      ['docs/fr/api.mdx', 'missing', 'path', 1],
      ['docs/fr/guide.mdx', 'stale', 'path', 1],
      ['docs/fr/ancien.mdx', 'orphan', null, 0],
      ['docs/fr/quickstart.mdx', 'current', 'path', 0]
    ])
    expect(file.pairs[1]?.since).toEqual([expect.objectContaining({ subject: 'Ping @octocat about #12 <b>bold</b> https://evil.example' })])
    expect(run.summary).toContain('| `fr` | 1 | 1 | 1 | 1 | 2 |')
    // The subject is data: no ping, no cross-reference, no markup, no link.
    expect(run.summary).not.toMatch(/@octocat|#12|<b>|https:\/\/evil/)
    expect(run.summary.indexOf('docs/fr/api.mdx')).toBeLessThan(run.summary.indexOf('docs/fr/guide.mdx'))
  }, 60_000)

  test('writes one CSV row per pair when output-file ends in .csv', async () => {
    const run = await translations({ 'output-file': 'reports/translations.csv' })
    expect(run.outputs.outcome).toBe('reported')
    const rows = readFileSync(join(run.workspace, 'reports/translations.csv'), 'utf8').trim().split('\r\n')
    expect(rows[0]).toBe(
      'scope,language,source,translation,state,rule,commits_since,lag_days,first_lacking,translated_at,marker,commits,in_review'
    )
    expect(rows).toHaveLength(5)
    expect(rows[1]).toMatch(/^,fr,docs\/api.mdx,docs\/fr\/api.mdx,missing,path,1,/)
  }, 60_000)

  test('ends skipped with a notice on a site of one language', async () => {
    const run = await translations({}, (workspace) => {
      new GitSite(workspace).change(
        { 'docs/docs.json': JSON.stringify({ navigation: { languages: [{ language: 'en', pages: ['a'] }] } }), 'docs/a.mdx': '# A\n' },
        'One'
      )
    })
    expect([run.exitCode, run.outputs.outcome]).toEqual([0, 'skipped'])
    expect(run.log).toContain("::notice::docs.json's navigation has one language (en)")
    expect(existsSync(join(run.workspace, 'docs-translations.json'))).toBe(false)
  }, 60_000)

  test('tells bad values first, then the checkout, then docs.json, one sentence each', async () => {
    const values = await translations({ 'max-pages': '0', 'max-jobs': '11' }, () => undefined)
    expect(values.outputs['failure-reason']).toBe(
      "Input 'max-pages' must be a whole number from 1 to 200; got '0'. Input 'max-jobs' must be a whole number from 0 to 10; got '11'."
    )
    const checkout = await translations({}, () => undefined)
    expect(checkout.outputs['failure-reason']).toMatch(/^The workspace holds no git repository.*actions\/checkout/)
    const ref = await translations({}, (workspace) => {
      new GitSite(workspace).change({ 'docs/docs.json': JSON.stringify({ navigation: { $ref: '../nav.json' } }), 'nav.json': '{}' }, 'Nav')
    })
    expect([ref.exitCode, ref.outputs.outcome, ref.outputs['failure-reason']]).toEqual([
      1,
      'failed',
      'docs/docs.json has a $ref to ../nav.json, which leaves docs-path (docs): a $ref must name a file inside it.'
    ])
    const language = await translations({ languages: 'de' })
    expect(language.outputs['failure-reason']).toBe("Input 'languages' names de, which docs.json does not have: give codes among en, fr.")
  }, 90_000)
})
