/**
 * What of a failed GitHub Actions job's log goes to the agent: the last lines of its failed steps, with
 * the `##[error]` lines first, cleaned of what only a terminal or the log viewer reads (ANSI colours and
 * each line's leading timestamp).
 */

/** A step of a job as the jobs API lists it. */
export interface JobStep {
  number: number
  name: string
  conclusion: string
}

/** The most lines a job contributes. */
export const TAIL_LINES = 40

/** A step's output starts at the line the runner writes for it: `##[group]Run <command or action>`. */
const STEP_START = '##[group]Run '
/**
 * Lines the runner writes when the job's own steps are over: post steps (`Post job cleanup.`) and the
 * job's completion (`Cleaning up orphan processes`). They end the last step's section.
 */
const AFTER_STEPS = ['Post job cleanup.', 'Cleaning up orphan processes']
/** Steps the runner adds around the job's own, which write no `##[group]Run` line of their own. */
const RUNNER_STEPS = /^(?:Set up job|Complete job|Post .*)$/
const FAILED_STEP_CONCLUSIONS: readonly string[] = ['failure', 'timed_out']
/** Each line of a job log starts with its time: `2025-03-01T10:00:01.1234567Z `. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/
// eslint-disable-next-line no-control-regex -- ANSI escape sequences are what is removed
const ANSI = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g
const ERROR = '##[error]'

/** A log line without its timestamp, colours and trailing spaces. */
export function cleanLogLine(line: string): string {
  return line
    .replace(/^\uFEFF/, '')
    .replace(TIMESTAMP, '')
    .replace(ANSI, '')
    .trimEnd()
}

/**
 * The last TAIL_LINES lines of the failed steps' output, `##[error]` lines first (then the others in
 * order). Sections are matched to the job's steps by order: the n-th `##[group]Run` section is the n-th
 * step that ran, the runner's own steps aside. A log that was `cut` at its start lost its first sections,
 * so its sections are matched from the last one back. But when a section's `Run` line names a failed step
 * (an unnamed `run:` step is called `Run <first line>`), the names decide, since the order can be off (a
 * composite action writes several sections). When no section can be told failed, the whole log's last
 * lines are taken.
 */
export function failedStepsTail(log: string, steps: readonly JobStep[], cut: boolean): string[] {
  const sections = sectionsOf(log.split(/\r?\n/).map(cleanLogLine))
  const ran = steps.filter((step) => step.conclusion !== 'skipped' && !RUNNER_STEPS.test(step.name))
  const failedNames = new Set(steps.filter((step) => FAILED_STEP_CONCLUSIONS.includes(step.conclusion)).map((step) => step.name))
  const byName = sections.steps.filter((section) => failedNames.has(`Run ${section.title}`))
  const offset = cut ? ran.length - sections.steps.length : 0
  const byOrder = sections.steps.filter((_, i) => FAILED_STEP_CONCLUSIONS.includes(ran[i + offset]?.conclusion ?? ''))
  const failed = byName.length > 0 ? byName : byOrder
  const lines = failed.length > 0 ? failed.flatMap((section) => section.lines) : sections.all
  return errorsFirst(lines.filter((line) => line !== '' && line !== '##[endgroup]'))
}

interface Section {
  /** What follows `##[group]Run `. */
  title: string
  lines: string[]
}

/** The log's step sections, and every line. */
function sectionsOf(lines: string[]): { steps: Section[]; all: string[] } {
  const steps: Section[] = []
  let current: Section | null = null
  for (const line of lines) {
    if (line.startsWith(STEP_START)) {
      current = { title: line.slice(STEP_START.length), lines: [] }
      steps.push(current)
    } else if (AFTER_STEPS.includes(line)) {
      current = null
    }
    current?.lines.push(line)
  }
  return { steps, all: lines }
}

/** At most TAIL_LINES lines: the `##[error]` lines, then the last of the others, each group in its order. */
function errorsFirst(lines: string[]): string[] {
  const errors = lines.filter((line) => line.startsWith(ERROR)).slice(0, TAIL_LINES)
  const others = lines.filter((line) => !line.startsWith(ERROR))
  const room = TAIL_LINES - errors.length
  return [...errors, ...(room > 0 ? others.slice(-room) : [])]
}
