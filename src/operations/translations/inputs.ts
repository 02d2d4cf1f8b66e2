import { collectInputErrors, InputError } from '../../errors.js'
import { readOutputFile } from '../../files.js'
import type { Repo } from '../../github/event.js'
import { clip, inWorkspace, type InputReader, readBoolean, readLogins, readOptionalInteger, readRepository } from '../../inputs.js'
import type { InputsReader } from '../../settings.js'
import { readAgentLabel } from '../agent-label.js'
import type { AgentInputs } from '../agent/inputs.js'
import { readDocsPath } from '../docs-pages.js'

/** The inputs of `translations`: which languages, whether to act, how much, and where the report goes. */
export interface TranslationsInputs {
  /** `languages`: the codes to judge, as given (checked against docs.json once it is read); empty: every one but the source's. */
  languages: string[]
  /** `translate`: one agent job per lagging language; false: a report only. */
  translate: boolean
  /** `max-pages`: pages named in one language's job, the stalest first. */
  maxPages: number
  /** `max-jobs`: agent jobs one run may start, the stalest language first. */
  maxJobs: number
  /** The folder prefix of docs.json relative to the repository root (`docs/`, or '' for the root). */
  docsFolder: string
  /** The checked-out repository (GITHUB_WORKSPACE): its history and files. */
  workspace: string
  /** `output-file` as the user wrote it, for messages; `.csv` writes CSV. */
  outputFile: string
  /** `output-file` resolved against the workspace. */
  outputPath: string
  /** The agent run each language's job takes: the action's own prompt is set per job. */
  agent: AgentInputs
  /** `docs-repository`, where the agent opens its pull requests (read with `translate`); null: the workflow's repository. */
  docsRepository: Repo | null
}

const DEFAULT_MAX_PAGES = 20
const MAX_PAGES = 200
const DEFAULT_MAX_JOBS = 1
const MAX_JOBS = 10

/**
 * The inputs of `translations`, in DESIGN's order: `max-pages`, `max-jobs`, `translate` (the values,
 * before anything is read), then the file; `languages` is checked against docs.json by the run.
 */
export const readTranslationsInputs: InputsReader<TranslationsInputs> = (input, env) =>
  collectInputErrors((field) => {
    const maxPages = field(() => readOptionalInteger(input, 'max-pages', 1, MAX_PAGES) ?? DEFAULT_MAX_PAGES)
    const maxJobs = field(() => readOptionalInteger(input, 'max-jobs', 0, MAX_JOBS) ?? DEFAULT_MAX_JOBS)
    const translate = field(() => readBoolean(input, 'translate', false))
    if (translate && maxJobs === 0)
      throw new InputError(
        'max-jobs',
        "Input 'max-jobs' is 0 while translate is true: no job could start; give 1 to 10, or translate: false for a report only."
      )
    const outputFile = field(() =>
      readOutputFile(input('output-file'), 'translations', env, 'reports/translations.json or translations.csv')
    )
    return {
      maxPages,
      maxJobs,
      translate,
      languages: field(() => readLanguages(input)),
      docsFolder: field(() => readDocsPath(input('docs-path'))),
      workspace: env.workspace,
      outputFile,
      outputPath: outputFile === undefined ? '' : inWorkspace(outputFile, env),
      agent: field(() => translationAgentInputs(input, translate)),
      docsRepository: translate ? field(() => readRepository(input('docs-repository'), 'docs-repository')) : null
    }
  })

/** `languages`: comma-separated codes, each once; which exist is docs.json's to say. */
function readLanguages(input: InputReader): string[] {
  const codes = input('languages')
    .split(/[\n\r,]+/)
    .map((code) => code.trim())
    .filter(Boolean)
  const odd = codes.find((code) => !/^[A-Za-z0-9][A-Za-z0-9_-]{0,34}$/.test(code))
  if (odd !== undefined)
    throw new InputError(
      'languages',
      `Input 'languages' must be comma-separated language codes of docs.json (fr, zh-Hans); got '${clip(odd)}'.`
    )
  return [...new Set(codes)]
}

/**
 * What each language's job runs with: the action's own words as its prompt (set per job), waited on as a
 * job is, introduced and labelled as every agent pull request. Read only with `translate`.
 */
function translationAgentInputs(input: InputReader, translate: boolean): AgentInputs {
  return {
    prompt: '',
    promptSource: 'the translations report',
    jobId: '',
    context: false,
    wait: translate ? readBoolean(input, 'wait', true) : true,
    prNumber: null,
    trigger: '/docs',
    label: '',
    agentLabel: translate ? readAgentLabel(input, '') : '',
    // Whose introductions count when the next run looks for the languages in review, and when this one introduces.
    markerAuthors: translate ? readLogins(input('marker-authors'), 'marker-authors') : [],
    groupRuns: false,
    docsRepository: null,
    docsCheck: { statusContext: null, paths: null, reviewers: { author: false, users: [], teams: [] } },
    fixChecks: 0,
    fixChecksStatuses: []
  }
}
