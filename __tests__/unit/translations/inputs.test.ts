/** The inputs of `translations`: the values first, in DESIGN's order, every error at once; the key only with translate. */
import { afterAll, describe, expect, it } from '@jest/globals'
import { InputErrors, type InputError } from '../../../src/errors.js'
import { readSettingsOf } from '../../../src/operations/registry.js'
import { refusal } from '../../fixtures/refusal.js'
import { runEnvironment } from '../../fixtures/step-settings.js'
import { tempDir } from '../../fixtures/temp-dir.js'

const workspace = tempDir('translations-inputs-')
afterAll(() => workspace.remove())

function settings(values: Record<string, string>) {
  const input = (name: string): string => ({ operation: 'translations', ...values })[name] ?? ''
  return readSettingsOf(['translations'], input, runEnvironment({ eventName: 'schedule', workspace: workspace.path })).settings
}

function messages(error: InputError): string[] {
  return (error instanceof InputErrors ? error.errors : [error]).map((one) => one.message)
}

describe('translations inputs', () => {
  it('reads the defaults with no key: a report needs neither api-key nor project-id', () => {
    expect(settings({})).toMatchObject({
      apiKey: '',
      projectId: '',
      languages: [],
      translate: false,
      maxPages: 20,
      maxJobs: 1,
      docsFolder: '',
      outputFile: 'docs-translations.json'
    })
  })

  it('reads languages as comma-separated codes, each once, and docs-path as a folder', () => {
    expect(settings({ languages: 'fr, zh-Hans,fr', 'docs-path': 'docs' })).toMatchObject({
      languages: ['fr', 'zh-Hans'],
      docsFolder: 'docs/'
    })
  })

  it('needs the key and the project with translate: true', () => {
    expect(messages(refusal(() => settings({ translate: 'true' })))).toEqual([
      expect.stringMatching(/^Input 'api-key' is empty/),
      expect.stringMatching(/^Input 'project-id' is required/)
    ])
  })

  it('tells every bad value at once, in DESIGN order: max-pages, max-jobs, translate', () => {
    expect(messages(refusal(() => settings({ 'max-pages': '0', 'max-jobs': '11', translate: 'yes' })))).toEqual([
      "Input 'max-pages' must be a whole number from 1 to 200; got '0'.",
      "Input 'max-jobs' must be a whole number from 0 to 10; got '11'.",
      "Input 'translate' must be true or false; got 'yes'."
    ])
    expect(messages(refusal(() => settings({ 'max-pages': '201' })))).toEqual([
      "Input 'max-pages' must be a whole number from 1 to 200; got '201'."
    ])
  })

  it('refuses max-jobs 0 with translate: true, and takes it for a report', () => {
    expect(settings({ 'max-jobs': '0' }).maxJobs).toBe(0)
    expect(messages(refusal(() => settings({ 'max-jobs': '0', translate: 'true', 'api-key': 'mint_x', 'project-id': 'p' })))).toEqual([
      expect.stringMatching(/^Input 'max-jobs' is 0 while translate is true/)
    ])
  })

  it('reads docs-repository and marker-authors with translate: true (where the languages in review are looked for), and ignores them for a report', () => {
    const keyed = { translate: 'true', 'api-key': 'mint_x', 'project-id': 'p' }
    const read = settings({ ...keyed, 'docs-repository': 'octo-org/docs-site', 'marker-authors': '@Docs-Bot, mona' })
    expect([read.docsRepository, read.agent.markerAuthors]).toEqual([{ owner: 'octo-org', repo: 'docs-site' }, ['docs-bot', 'mona']])
    expect(messages(refusal(() => settings({ ...keyed, 'docs-repository': 'docs-site', 'marker-authors': 'octo docs!' })))).toEqual([
      expect.stringMatching(/^Input 'marker-authors' has 'docs!', which is not a GitHub login/),
      expect.stringMatching(/^Input 'docs-repository' must be a repository as owner\/name/)
    ])
    const report = settings({ 'docs-repository': 'docs-site', 'marker-authors': 'octo docs!' })
    expect([report.docsRepository, report.agent.markerAuthors]).toEqual([null, []])
  })

  it('refuses a language code that cannot be one', () => {
    expect(messages(refusal(() => settings({ languages: 'fr, ../x' })))).toEqual([
      expect.stringMatching(/^Input 'languages' must be comma-separated language codes/)
    ])
  })
})
