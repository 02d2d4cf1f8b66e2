import type { CheckAnnotation, CheckRun, CommitStatusFacts } from '../../github/api.js'
import { untrustedDataBlock, type UntrustedField } from '../../trust/untrusted-data.js'
import { clipText } from '../../text.js'
import { type FailureMark, firstErrorLine } from './fingerprint.js'

/**
 * What one round tells the agent: to fix what the checks report without loosening them, then the failures
 * as data (source `checks`), within a size the agent reads whole and saying what was left out.
 */

/** How much a round reads (bounded, so that a round's cost is known), and how much of it the message holds. */
export const ROUND_LIMITS = {
  /** Failing checks whose annotations are read. */
  annotatedChecks: 5,
  /** Annotations read and shown per check. */
  annotationsPerCheck: 10,
  /** Failed Actions jobs whose logs are read. */
  loggedJobs: 3,
  /** The end of a job log kept in memory, from which its failed steps' last lines are taken. */
  logBytes: 512 * 1024,
  /** The untrusted-data block's characters. */
  blockCharacters: 8000,
  /** A check's summary before it is fitted (Mintlify's can be long Markdown). */
  summaryCharacters: 1500
} as const

/** A failed job's log tail (see failedStepsTail). */
export interface JobLogTail {
  job: string
  lines: string[]
}

/** A failing check as the round reports it. */
export interface FailingCheck {
  name: string
  /** A check run's conclusion, or a status's state. */
  conclusion: string
  title: string
  summary: string
  /** The annotations read (at most ROUND_LIMITS.annotationsPerCheck). */
  annotations: CheckAnnotation[]
  /** How many annotations the check has in all. */
  annotationCount: number
  logs: JobLogTail[]
}

/** A failed check run with what was read of it: its annotations and its jobs' log tails (none when not read). */
export function failingRun(run: CheckRun, annotations: readonly CheckAnnotation[], logs: readonly JobLogTail[]): FailingCheck {
  return {
    name: run.name,
    conclusion: run.conclusion,
    title: run.title,
    summary: run.summary,
    annotations: annotations.slice(0, ROUND_LIMITS.annotationsPerCheck),
    annotationCount: Math.max(run.annotationsCount, annotations.length),
    logs: [...logs]
  }
}

/** A failed commit status: its context, state and description (its title). */
export function failingStatus(status: CommitStatusFacts): FailingCheck {
  return {
    name: status.context,
    conclusion: status.state,
    title: status.description,
    summary: '',
    annotations: [],
    annotationCount: 0,
    logs: []
  }
}

/** An annotation on one line: `path:line: level: message`. */
export function annotationLine(annotation: CheckAnnotation): string {
  return `${annotation.path}:${annotation.line}: ${annotation.level}: ${annotation.message}`
}

/** What the fingerprint counts of each failing check: its name and first error line. */
export function failureMarks(checks: readonly FailingCheck[]): FailureMark[] {
  return checks.map((check) => ({
    name: check.name,
    firstError: firstErrorLine({
      logLines: check.logs.flatMap((log) => log.lines),
      annotations: check.annotations.map(annotationLine),
      title: check.title
    })
  }))
}

/**
 * The follow-up message of a round: fix what the checks report, in this pull request's files only, without
 * disabling, loosening or reconfiguring a check; then the failures as data.
 */
export function fixChecksMessage(pullUrl: string, headSha: string, checks: readonly FailingCheck[]): string {
  const instruction =
    `The checks on your pull request ${pullUrl} failed at ${headSha.slice(0, 7)}. ` +
    'Fix what they report, in the files of this pull request only. ' +
    'Do not disable, loosen or reconfigure a check, its configuration (`.vale.ini`, vocabularies) or redirects to silence it.'
  return `${instruction}\n\n${failuresBlock(checks)}`
}

/** Room kept per check for the line saying what of it was left out. */
const CUT_NOTE_ROOM = 120

/**
 * The failures as one untrusted-data block of at most ROUND_LIMITS.blockCharacters. Every check keeps its
 * name, conclusion and title; then, check by check, its summary, annotations and log lines go in while
 * they fit (a log loses its oldest lines after the error lines first), and each check ends with what of it
 * was left out ("… and 3 more annotations").
 */
export function failuresBlock(checks: readonly FailingCheck[]): string {
  const heads = checks.map(essentials)
  const extras: UntrustedField[][] = checks.map(() => [])
  const room = ROUND_LIMITS.blockCharacters - CUT_NOTE_ROOM * checks.length
  const fits = (): boolean =>
    block(
      heads,
      extras,
      checks.map(() => null)
    ).length <= room
  const cuts = checks.map((check, i) => {
    const mine = extras[i] ?? []
    const cut = { summary: false, annotations: check.annotationCount, logLines: 0 }
    const tryAdd = (fields: UntrustedField[]): boolean => {
      mine.push(...fields)
      if (fits()) return true
      mine.splice(mine.length - fields.length)
      return false
    }
    if (check.summary)
      cut.summary = !tryAdd([{ label: 'Summary', value: clipText(check.summary, ROUND_LIMITS.summaryCharacters), multiline: true }])
    for (const annotation of check.annotations) if (tryAdd([{ label: 'Annotation', value: annotationLine(annotation) }])) cut.annotations--
    for (const log of check.logs) cut.logLines += log.lines.length - addLog(log, tryAdd)
    return cut
  })
  return block(heads, extras, cuts.map(cutNote))
}

/** Adds as much of a log tail as fits, dropping its oldest lines after the error lines first; how many lines went in. */
function addLog(log: JobLogTail, tryAdd: (fields: UntrustedField[]) => boolean): number {
  const errors = log.lines.filter((line) => line.startsWith('##[error]'))
  const others = log.lines.filter((line) => !line.startsWith('##[error]'))
  for (let kept = log.lines.length; kept > 0; kept--) {
    const lines = [...errors.slice(0, kept), ...others.slice(others.length - Math.max(0, kept - errors.length))]
    if (
      tryAdd([
        { label: 'Job', value: log.job },
        { label: 'Log', value: lines.join('\n'), multiline: true }
      ])
    )
      return lines.length
  }
  return 0
}

function essentials(check: FailingCheck): UntrustedField[] {
  return [
    { label: 'Check', value: check.name },
    { label: 'Conclusion', value: check.conclusion },
    ...(check.title ? [{ label: 'Title', value: check.title }] : [])
  ]
}

function block(heads: UntrustedField[][], extras: UntrustedField[][], notes: (string | null)[]): string {
  const fields = heads.flatMap((head, i) => {
    const note = notes[i]
    return [...head, ...(extras[i] ?? []), ...(note ? [{ label: 'Not shown', value: note }] : [])]
  })
  return untrustedDataBlock('checks', fields)
}

/** "… and 3 more annotations, 12 log lines and the summary", or null when nothing was left out. */
function cutNote(cut: { summary: boolean; annotations: number; logLines: number }): string | null {
  const parts = [
    ...(cut.annotations > 0 ? [`${cut.annotations} more annotation${cut.annotations === 1 ? '' : 's'}`] : []),
    ...(cut.logLines > 0 ? [`${cut.logLines} more log line${cut.logLines === 1 ? '' : 's'}`] : []),
    ...(cut.summary ? ['the summary'] : [])
  ]
  if (parts.length === 0) return null
  const last = parts.pop() ?? ''
  return `… and ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}`
}
