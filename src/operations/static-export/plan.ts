import type { ExportRequest } from '../../mintlify/static-export.js'
import { STATIC_EXPORT_PATHS } from '../../mintlify/static-export.js'
import { judgeWouldSend, type Verdict } from '../../outcome.js'
import type { StaticExportInputs } from './inputs.js'

/**
 * What a `static-export` run does, decided from its inputs before anything is sent: start an export, or
 * follow the one `job-id` names; wait for it or not; or, in a dry run, only say what it would send. Pure.
 */
export type ExportPlan =
  | { kind: 'dry-run'; verdict: Verdict }
  | { kind: 'start'; request: ExportRequest; wait: boolean }
  /** `job-id`: no new export; its status is read, then its bundle fetched with a fresh link. */
  | { kind: 'follow'; jobId: string; wait: boolean }

export type PlanInputs = Pick<StaticExportInputs, 'wait' | 'jobId' | 'domain' | 'version' | 'paths' | 'outputFile'> & { dryRun: boolean }

export function planStaticExport(inputs: PlanInputs): ExportPlan {
  const request: ExportRequest = {
    domain: inputs.domain,
    ...(inputs.version === null ? {} : { version: inputs.version }),
    ...(inputs.paths.length > 0 ? { paths: inputs.paths } : {})
  }
  if (inputs.dryRun) return { kind: 'dry-run', verdict: judgeWouldSend(wouldSend(inputs, request)) }
  return inputs.jobId === null ? { kind: 'start', request, wait: inputs.wait } : { kind: 'follow', jobId: inputs.jobId, wait: inputs.wait }
}

/** The requests a dry run shows, in the order the run would send them. */
function wouldSend(inputs: PlanInputs, request: ExportRequest): string {
  const fetch = (jobId: string): string =>
    `send POST ${STATIC_EXPORT_PATHS.bundle(jobId)} (a fresh link to its bundle) and download the bundle to ${inputs.outputFile}`
  if (inputs.jobId !== null)
    return `read GET ${STATIC_EXPORT_PATHS.status(inputs.jobId)} (the status of static export ${inputs.jobId}) and, once it is completed, ${fetch(inputs.jobId)}`
  const start = `send POST ${STATIC_EXPORT_PATHS.start()} with ${JSON.stringify(request)} (a static export of ${request.domain})`
  if (!inputs.wait) return `${start}, not waiting for it (wait: false)`
  return `${start}, wait for it, then request a link to its bundle and download the bundle to ${inputs.outputFile}`
}
