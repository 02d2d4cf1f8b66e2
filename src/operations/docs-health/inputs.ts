import { type DateRange, resolveRange } from '../../date-range.js'
import { collectInputErrors } from '../../errors.js'
import { readOutputFile } from '../../files.js'
import type { Repo } from '../../github/event.js'
import { inWorkspace, readBoolean, readMaxRequests, readOptionalInteger, readRepository } from '../../inputs.js'
import type { InputsReader } from '../../settings.js'
import { readAgentLabel } from '../agent-label.js'
import { type AgentInputs, readAgentInputs } from '../agent/inputs.js'
import { readDocsPath } from '../docs-pages.js'
import { type AskAgainInputs, readAskAgainInputs } from './asked-again/inputs.js'

/** The inputs of the docs-health report: the range, the request budget, the file, and what summaries may show. */
export interface HealthInputs {
  /** The report's range (empty: the 7 days before today); `to` is exclusive, as in the API. */
  range: DateRange
  maxRequests: number
  /** `output-file` as the user wrote it, for messages. */
  outputFile: string
  /** `output-file` resolved against the workspace. */
  outputPath: string
  /** Reader text (search terms, questions, comments) in summaries and comments; off: counts and paths. */
  showReaderText: boolean
  /** The track record: the agent's merged pull requests, found by their label, and what readers did around them. */
  trackRecord: TrackRecordInputs
  /** Where the range's searches that found nothing are asked again (`assistant-key`, `subdomain`); null: not asked. */
  askAgain: AskAgainInputs | null
}

export interface TrackRecordInputs {
  /** `agent-label`; '' for no track record. */
  agentLabel: string
  /** Whole weeks before and after each merge; 0 for no track record. */
  impactWeeks: number
  /** The folder prefix of the pages in the docs repository (`docs-path`). */
  docsFolder: string
  /** Where the agent's pull requests are (`docs-repository`); null: the workflow's repository. */
  docsRepository: Repo | null
}

/** `impact-weeks` when not given. */
const DEFAULT_IMPACT_WEEKS = 4
/** More weeks would reach past the 13 weeks of merges the report looks at and the analytics kept for them. */
const MAX_IMPACT_WEEKS = 8

/** `improve`: the report's inputs, and the agent's for the job it starts (its prompt optional: a default instruction stands in). */
export type ImproveInputs = HealthInputs & AgentInputs

/** The inputs of `report` (`improve` adds the agent's: see `readImproveInputs`). */
export function readHealthInputs(operation: 'report' | 'improve'): InputsReader<HealthInputs> {
  return (input, env) =>
    collectInputErrors((field) => {
      const outputFile = field(() => readOutputFile(input('output-file'), operation, env))
      return {
        showReaderText: field(() => readBoolean(input, 'show-reader-text', false)),
        range: field(() => resolveRange(input('date-from'), input('date-to'), env.now)),
        maxRequests: field(() => readMaxRequests(input)),
        outputFile,
        outputPath: inWorkspace(outputFile, env),
        trackRecord: {
          // The report starts no job: no `label` to differ from.
          agentLabel: field(() => readAgentLabel(input, '')),
          impactWeeks: field(() => readOptionalInteger(input, 'impact-weeks', 0, MAX_IMPACT_WEEKS) ?? DEFAULT_IMPACT_WEEKS),
          docsFolder: field(() => readDocsPath(input('docs-path'))),
          docsRepository: field(() => readRepository(input('docs-repository'), 'docs-repository'))
        },
        askAgain: field(() => readAskAgainInputs(input))
      }
    })
}

/** The inputs of `improve`: the agent's (the prompt first, as for a job), then the report's. */
export const readImproveInputs: InputsReader<ImproveInputs> = (input, env, warnings) =>
  collectInputErrors((field) => ({
    ...field(() => readAgentInputs('improve')(input, env, warnings)),
    ...field(() => readHealthInputs('improve')(input, env, warnings))
  }))
