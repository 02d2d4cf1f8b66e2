import { collectInputErrors, InputError } from '../../errors.js'
import { readOutputFile } from '../../files.js'
import { clip, inWorkspace, readBoolean } from '../../inputs.js'
import type { InputsReader } from '../../settings.js'

/** The inputs of `static-export`: what to export (or which export to fetch), whether to wait, and the file. */
export interface StaticExportInputs {
  wait: boolean
  /** `job-id`: an export to fetch instead of starting one; null: start one. */
  jobId: string | null
  /** `export-domain`, lower case; '' only with `job-id`. */
  domain: string
  /** `export-version`; null: the latest published version. */
  version: string | null
  /** `export-paths`, as the API takes them (no leading `/`, no extension); empty: every published page. */
  paths: string[]
  /** `output-file` as the user wrote it, for messages and the `file` output. */
  outputFile: string
  /** `output-file` resolved against the workspace. */
  outputPath: string
}

export const DEFAULT_BUNDLE_FILE = 'docs-static-export.tar.gz'
export const MAX_EXPORT_PATHS = 1000

export const readStaticExportInputs: InputsReader<StaticExportInputs> = (input, env, warnings) =>
  collectInputErrors((field) => {
    const jobId = field(() => readExportJobId(input('job-id')))
    const domain = input('export-domain').trim()
    if (jobId && (domain || input('export-version').trim() || input('export-paths').trim()))
      warnings.push(
        `Input 'job-id' names static export ${jobId}, which is fetched as it was made: export-domain, export-version and export-paths are ignored.`
      )
    const bundle = input('output-file').trim() || DEFAULT_BUNDLE_FILE
    const outputFile = field(() => readOutputFile(bundle, 'static-export', env, `bundles/docs.tar.gz or ${DEFAULT_BUNDLE_FILE}`))
    return {
      wait: field(() => readBoolean(input, 'wait', true)),
      jobId,
      domain: jobId ? '' : field(() => readExportDomain(domain)),
      version: jobId ? null : field(() => readExportVersion(input('export-version'))),
      paths: jobId ? [] : field(() => readExportPaths(input('export-paths'))),
      outputFile,
      outputPath: outputFile === undefined ? '' : inWorkspace(outputFile, env)
    }
  })

function readExportJobId(raw: string): string | null {
  const id = raw.trim()
  if (!id) return null
  // An identifier only: `.` and `..` would name another path of the API once put in the job's URL.
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(id))
    throw new InputError('job-id', `Input 'job-id' must be a static export's id (se_…) of letters, digits, '_' and '-'; got '${clip(id)}'.`)
  return id
}

/** One DNS label. */
const LABEL = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?$/

/**
 * `export-domain`: a hostname only, as the API asks (no protocol, port, path or slash); what is wrong is
 * named, with the example.
 */
export function readExportDomain(raw: string): string {
  const domain = raw.trim().toLowerCase()
  const fail = (why: string): InputError =>
    new InputError(
      'export-domain',
      `Input 'export-domain' ${why}: give the hostname of the deployment only, such as docs.example.com (or acme.mintlify.app without a custom domain).`
    )
  if (!domain) throw fail("is required when operation is 'static-export' and no job-id is given")
  if (/^[a-z][a-z\d+.-]*:\/\//.test(domain)) throw fail(`is '${clip(raw.trim())}', which has a protocol`)
  if (domain.includes('/')) throw fail(`is '${clip(raw.trim())}', which has a path or a slash`)
  if (/:\d*$/.test(domain)) throw fail(`is '${clip(raw.trim())}', which has a port`)
  const labels = domain.split('.')
  if (domain.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label)))
    throw fail(`is '${clip(raw.trim())}', which is not a hostname`)
  return domain
}

/** `export-version`: a label on one line. */
function readExportVersion(raw: string): string | null {
  const version = raw.trim()
  if (!version) return null
  if (version.length > 200 || /\p{Cc}/u.test(version))
    throw new InputError(
      'export-version',
      `Input 'export-version' must be a version label of at most 200 characters on one line (v2, 2024-06-01); got '${clip(version)}'.`
    )
  return version
}

/** What a page path cannot hold: whitespace, a query, a fragment, an escape, a backslash, markup quotes. */
const NOT_IN_PAGE_PATH = /[\s?#%\\<>"'`]|\p{Cc}/u

/**
 * `export-paths`: page paths, one per line or comma-separated, at most 1,000. A leading `/` and an `.md`
 * or `.mdx` extension are dropped (the API takes `guides/getting-started`); anything else a page path
 * cannot hold is bad input naming the path.
 */
export function readExportPaths(raw: string): string[] {
  const given = raw
    .split(/[\n,]/)
    .map((path) => path.trim())
    .filter(Boolean)
  const paths = [...new Set(given.map((path) => exportPath(path)))]
  if (paths.length > MAX_EXPORT_PATHS)
    throw new InputError(
      'export-paths',
      `Input 'export-paths' lists ${paths.length} pages; at most ${MAX_EXPORT_PATHS} can be exported at once.`
    )
  return paths
}

function exportPath(given: string): string {
  const path = given.replace(/^\/+/, '').replace(/\.mdx?$/i, '')
  const segments = path.split('/')
  const fail = (why: string): InputError =>
    new InputError(
      'export-paths',
      `Input 'export-paths' has '${clip(given)}', which ${why}: give page paths such as guides/getting-started, one per line or comma-separated.`
    )
  if (!path) throw fail('names no page (the home page is index)')
  if (NOT_IN_PAGE_PATH.test(path)) throw fail('holds a character a page path cannot (a space, ?, #, %, a backslash or a quote)')
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
    throw fail('has an empty, . or .. part, or ends with a slash')
  return path
}
