import { createHash } from 'node:crypto'

/** A failing check as its fingerprint counts it: its name and its first error line. */
export interface FailureMark {
  name: string
  firstError: string
}

/** What a failing check says, in the order its first error line is looked for. */
export interface FailureEvidence {
  /** Its log tail's lines (see failedStepsTail); the first `##[error]` line counts. */
  logLines: readonly string[]
  /** Its annotations, each as one line (`path:line: level: message`). */
  annotations: readonly string[]
  title: string
}

/** How many hex digits of the sha-256 a fingerprint keeps: enough to tell rounds apart, short in a record. */
export const FINGERPRINT_LENGTH = 16

/** A check's first error line: its first `##[error]` line, else its first annotation, else its title. */
export function firstErrorLine(evidence: FailureEvidence): string {
  return evidence.logLines.find((line) => line.startsWith('##[error]')) ?? evidence.annotations[0] ?? evidence.title
}

/**
 * The fingerprint of a round's failures: a short sha-256 of the failing checks' names and first error
 * lines, whatever order GitHub listed them in. The same fingerprint on the agent's next head means its
 * fix changed nothing.
 */
export function failureFingerprint(marks: readonly FailureMark[]): string {
  const sorted = [...marks]
    .sort((a, b) => compare(a.name, b.name) || compare(a.firstError, b.firstError))
    .map((mark) => [mark.name, mark.firstError])
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, FINGERPRINT_LENGTH)
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
