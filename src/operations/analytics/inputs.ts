import { type DateRange, resolveRange } from '../../date-range.js'
import { collectInputErrors, InputError } from '../../errors.js'
import { readOutputFile } from '../../files.js'
import { inWorkspace, type InputReader, readBoolean, readMaxRequests } from '../../inputs.js'
import { type PagedEndpoint, resolvePageSize } from '../../mintlify/paging.js'
import type { InputsReader } from '../../settings.js'

/** The inputs of an export: the range, the page size and request budget, the file, and what summaries may show. */
export interface ExportInputs {
  /** Analytics range; `to` is exclusive, as in the API. */
  range: DateRange
  pageSize: number
  maxRequests: number
  /** `output-file` as the user wrote it, for messages. */
  outputFile: string
  /** `output-file` resolved against the workspace. */
  outputPath: string
  /** Reader text (search terms, feedback, questions) in summaries; off: counts and paths. */
  showReaderText: boolean
}

/** The inputs of the export of `endpoint`. */
export function readExportInputs(endpoint: PagedEndpoint): InputsReader<ExportInputs> {
  return (input, env) =>
    collectInputErrors((field) => {
      const outputFile = field(() => readOutputFile(input('output-file'), endpoint, env))
      return {
        showReaderText: field(() => readBoolean(input, 'show-reader-text', false)),
        range: field(() => resolveRange(input('date-from'), input('date-to'), env.now)),
        pageSize: field(() => readPageSize(input, endpoint)),
        maxRequests: field(() => readMaxRequests(input)),
        outputFile,
        outputPath: inWorkspace(outputFile, env)
      }
    })
}

/** `page-size`: empty is the endpoint's largest page (fewest requests); above it is refused before any request. */
function readPageSize(input: InputReader, endpoint: PagedEndpoint): number {
  const size = resolvePageSize(endpoint, input('page-size'))
  if (!size.ok) throw new InputError('page-size', size.message)
  return size.value
}
