import { collectInputErrors, InputError } from '../../errors.js'
import { readOutputFile } from '../../files.js'
import type { Repo } from '../../github/event.js'
import { clip, type InputReader, inWorkspace, oneOf, readLogins, readOptionalInteger, readRepository } from '../../inputs.js'
import type { InputsReader } from '../../settings.js'
import { readAgentLabel } from '../agent-label.js'
import { readReviewers, type Reviewers } from '../agent/docs-check-inputs.js'
import { VISIT_COST } from './rotation.js'

/** What `sweep` does with an agent pull request whose code pull request was closed without merging. */
export const ORPHAN_ACTIONS = ['keep', 'comment', 'close'] as const
export type OrphanAction = (typeof ORPHAN_ACTIONS)[number]

/** The inputs of `sweep`: which pull requests (label, repository), what it does to them, and how much one run may spend. */
export interface SweepInputs {
  /** `agent-label`: the label of the agent's pull requests, by which they are listed. */
  agentLabel: string
  /** `docs-repository`; null: the workflow's repository. */
  docsRepository: Repo | null
  /** `stale-days`; 0: never stale. */
  staleDays: number
  orphans: OrphanAction
  /** `max-follow-ups`: conflict follow-ups one run may send. */
  maxFollowUps: number
  /** `operations-per-run`: GitHub requests one run may spend on the pull requests after listing them; at least VISIT_COST. */
  operationsPerRun: number
  /** `marker-authors`, lower case: whose records count besides the token's own identity. */
  markerAuthors: string[]
  /** `reviewers`: asked on a stale pull request whose introduction recorded nobody asked. */
  reviewers: Reviewers
  /** `output-file` as the user wrote it, for messages. */
  outputFile: string
  /** `output-file` resolved against the workspace. */
  outputPath: string
}

const DEFAULT_STALE_DAYS = 7
const MAX_STALE_DAYS = 365
const DEFAULT_MAX_FOLLOW_UPS = 3
/** 12 visits a run (c = 8 each). */
const DEFAULT_OPERATIONS_PER_RUN = 96
const MAX_COUNT = 1000

export const readSweepInputs: InputsReader<SweepInputs> = (input, env) =>
  collectInputErrors((field) => {
    const outputFile = field(() => readOutputFile(input('output-file'), 'sweep', env, 'reports/sweep.json or docs-sweep.json'))
    return {
      agentLabel: field(() => requiredLabel(readAgentLabel(input, ''))),
      docsRepository: field(() => readRepository(input('docs-repository'), 'docs-repository')),
      staleDays: field(() => readOptionalInteger(input, 'stale-days', 0, MAX_STALE_DAYS) ?? DEFAULT_STALE_DAYS),
      orphans: field(() => oneOf(input, 'orphans', ORPHAN_ACTIONS, 'comment')),
      maxFollowUps: field(() => readOptionalInteger(input, 'max-follow-ups', 0, MAX_COUNT) ?? DEFAULT_MAX_FOLLOW_UPS),
      operationsPerRun: field(() => readOperationsPerRun(input)),
      markerAuthors: field(() => readLogins(input('marker-authors'), 'marker-authors')),
      reviewers: field(() => readReviewers(input('reviewers'))),
      outputFile,
      outputPath: outputFile === undefined ? '' : inWorkspace(outputFile, env)
    }
  })

/** The sweep finds the agent's pull requests by their label: without one there is nothing to look after. */
function requiredLabel(label: string): string {
  if (!label)
    throw new InputError(
      'agent-label',
      "Input 'agent-label' is empty, and the sweep finds the agent's pull requests by that label: give the label the introducing runs put on them (docs-agent, the default)."
    )
  return label
}

/** `operations-per-run`: at least c (VISIT_COST), the most one visit can cost; below it no pull request could be looked after. */
function readOperationsPerRun(input: InputReader): number {
  const name = 'operations-per-run'
  const raw = input(name).trim()
  if (!raw) return DEFAULT_OPERATIONS_PER_RUN
  const value = /^\d+$/.test(raw) ? Number(raw) : NaN
  if (Number.isSafeInteger(value) && value >= VISIT_COST && value <= MAX_COUNT) return value
  throw new InputError(
    name,
    `Input '${name}' must be a whole number from ${VISIT_COST} to ${MAX_COUNT}, ${VISIT_COST} being the most one visit of a pull request can cost in GitHub requests (its reads and writes together); got '${clip(raw)}'.`
  )
}
