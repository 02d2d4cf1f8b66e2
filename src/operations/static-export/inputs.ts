import { collectInputErrors, InputError } from '../../errors.js'
import { readOutputFile } from '../../files.js'
import { clip, inWorkspace, readBoolean } from '../../inputs.js'
import { EXPORT_BASE_PATHS, EXPORT_JOB_ID, type ExportBasePath } from '../../mintlify/static-export.js'
import type { InputsReader } from '../../settings.js'

/** The inputs of `static-export`: what to export (or which export to fetch), whether to wait, and the file. */
export interface StaticExportInputs {
  wait: boolean
  /** `job-id`: an export to fetch instead of starting one; null: start one. */
  jobId: string | null
  /** `export-base-path` as the API takes it; null: not sent (the deployment's own base path). */
  basePath: ExportBasePath | null
  /** `output-file` as the user wrote it, for messages and the `file` output. */
  outputFile: string
  /** `output-file` resolved against the workspace. */
  outputPath: string
}

export const DEFAULT_BUNDLE_FILE = 'docs-static-export.tar.gz'

export const readStaticExportInputs: InputsReader<StaticExportInputs> = (input, env, warnings) =>
  collectInputErrors((field) => {
    const jobId = field(() => readExportJobId(input('job-id')))
    const basePath = field(() => readExportBasePath(input('export-base-path')))
    if (jobId && basePath !== null && basePath !== undefined)
      warnings.push(`Input 'job-id' names static export ${jobId}, which is fetched as it was made: export-base-path is ignored.`)
    const bundle = input('output-file').trim() || DEFAULT_BUNDLE_FILE
    const outputFile = field(() => readOutputFile(bundle, 'static-export', env, `bundles/docs.tar.gz or ${DEFAULT_BUNDLE_FILE}`))
    return {
      wait: field(() => readBoolean(input, 'wait', true)),
      jobId,
      basePath: jobId ? null : basePath,
      outputFile,
      outputPath: outputFile === undefined ? '' : inWorkspace(outputFile, env)
    }
  })

function readExportJobId(raw: string): string | null {
  const id = raw.trim()
  if (!id) return null
  // An identifier only: `.` and `..` would name another path of the API once put in the job's URL.
  if (!EXPORT_JOB_ID.test(id))
    throw new InputError(
      'job-id',
      `Input 'job-id' must be a static export's id (6520f3a1c9b1a20012ab34cd) of letters, digits, '_' and '-'; got '${clip(id)}'.`
    )
  return id
}

/**
 * `export-base-path`: empty (the deployment's own base path, no body sent), `/` (the site at the root:
 * `""`, which an input cannot say), `/docs` or `/documentation`, the values the API takes.
 */
export function readExportBasePath(raw: string): ExportBasePath | null {
  const given = raw.trim()
  if (!given) return null
  if (given === '/') return ''
  const basePath = EXPORT_BASE_PATHS.find((path) => path !== '' && path === given)
  if (basePath === undefined)
    throw new InputError(
      'export-base-path',
      `Input 'export-base-path' must be empty (the deployment's own base path), / (no prefix), /docs or /documentation; got '${clip(given)}'.`
    )
  return basePath
}
