import { type ExportBasePath, exportStartBody, STATIC_EXPORT_PATHS } from '../../mintlify/static-export.js'
import { judgeWouldSend, type Verdict } from '../../outcome.js'
import type { StaticExportInputs } from './inputs.js'

/**
 * What a `static-export` run does, decided from its inputs before anything is sent: start an export, or
 * follow the one `job-id` names; wait for it or not; or, in a dry run, only say what it would send. Pure.
 */
export type ExportPlan =
  | { kind: 'dry-run'; verdict: Verdict }
  | { kind: 'start'; basePath: ExportBasePath | null; wait: boolean }
  /** `job-id`: no new export; its status is read, then its bundle fetched with a fresh link. */
  | { kind: 'follow'; jobId: string; wait: boolean }

export type PlanInputs = Pick<StaticExportInputs, 'wait' | 'jobId' | 'basePath' | 'outputFile'> & { dryRun: boolean; projectId: string }

export function planStaticExport(inputs: PlanInputs): ExportPlan {
  if (inputs.dryRun) return { kind: 'dry-run', verdict: judgeWouldSend(wouldSend(inputs)) }
  return inputs.jobId === null
    ? { kind: 'start', basePath: inputs.basePath, wait: inputs.wait }
    : { kind: 'follow', jobId: inputs.jobId, wait: inputs.wait }
}

/** How a base path reads in a sentence: the body sent, or that none is. */
export function basePathText(basePath: ExportBasePath | null): string {
  if (basePath === null) return "the deployment's own base path"
  return basePath === '' ? 'no base path (the site at the root)' : `base path ${basePath}`
}

/** The requests a dry run shows, in the order the run would send them. */
function wouldSend(inputs: PlanInputs): string {
  const download = `download the bundle from the link the completed export carries to ${inputs.outputFile}`
  if (inputs.jobId !== null)
    return `read GET ${STATIC_EXPORT_PATHS.status(inputs.projectId, inputs.jobId)} (static export ${inputs.jobId}, a fresh link once it is completed) and ${download}`
  const body = exportStartBody(inputs.basePath)
  const start = `send POST ${STATIC_EXPORT_PATHS.start(inputs.projectId)} ${body ? `with ${JSON.stringify(body)}` : 'with no body'} (a static export with ${basePathText(inputs.basePath)})`
  if (!inputs.wait) return `${start}, not waiting for it (wait: false)`
  return `${start}, wait for it by reading GET ${`${STATIC_EXPORT_PATHS.start(inputs.projectId)}/{jobId}`}, then ${download}`
}
