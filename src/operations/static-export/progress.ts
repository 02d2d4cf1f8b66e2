import { formatDuration } from '../../duration.js'
import { plural } from '../../markdown.js'
import type { ExportJob } from '../../mintlify/static-export.js'

/**
 * The progress line of an export being waited on: logged each time `progress` passes another tenth, and
 * as the minute's heartbeat. Pure.
 */

/** Whether `after` reached a tenth (10%, 20%, …) that `before` had not. */
export function passedTenth(before: Pick<ExportJob, 'progress'>, after: Pick<ExportJob, 'progress'>): boolean {
  if (after.progress === null) return false
  return tenth(after.progress) > (before.progress === null ? 0 : tenth(before.progress))
}

function tenth(progress: number): number {
  return Math.floor(progress / 10)
}

/** `Static export se_3f9a: 42% (128 pages, 3m 10s)`. */
export function progressLine(jobId: string, job: Pick<ExportJob, 'progress' | 'pageCount' | 'status'>, waitedMs: number): string {
  const done = job.progress === null ? (job.status ?? 'no progress yet') : `${Math.floor(job.progress)}%`
  const pages = job.pageCount === null ? '' : `${plural(job.pageCount, 'page')}, `
  return `Static export ${jobId}: ${done} (${pages}${formatDuration(waitedMs)})`
}
