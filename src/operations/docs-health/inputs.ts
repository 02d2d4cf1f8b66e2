import { type DateRange, resolveRange } from '../../date-range.js'
import { readOutputFile } from '../../files.js'
import { inWorkspace, readBoolean, readMaxRequests } from '../../inputs.js'
import type { InputsReader } from '../../settings.js'
import { type AgentInputs, readAgentInputs } from '../agent/inputs.js'

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
}

/** `improve`: the report's inputs, and the agent's for the job it starts (its prompt optional: a default instruction stands in). */
export type ImproveInputs = HealthInputs & AgentInputs

/** The inputs of `report` (`improve` adds the agent's: see `readImproveInputs`). */
export function readHealthInputs(operation: 'report' | 'improve'): InputsReader<HealthInputs> {
  return (input, env) => {
    const outputFile = readOutputFile(input('output-file'), operation, env)
    return {
      showReaderText: readBoolean(input, 'show-reader-text', false),
      range: resolveRange(input('date-from'), input('date-to'), env.now),
      maxRequests: readMaxRequests(input),
      outputFile,
      outputPath: inWorkspace(outputFile, env)
    }
  }
}

/** The inputs of `improve`: the agent's (the prompt first, as for a job), then the report's. */
export const readImproveInputs: InputsReader<ImproveInputs> = (input, env, warnings) => {
  const agent = readAgentInputs('improve')(input, env, warnings)
  return { ...agent, ...readHealthInputs('improve')(input, env, warnings) }
}
