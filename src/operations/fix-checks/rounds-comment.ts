import { codeSpan, escapeInline, fitComment } from '../../markdown.js'
import { handOverText } from './plan.js'

/**
 * The action's sticky comment on the agent's pull request under `fix-checks`: one line per round (which
 * checks failed, round i of n, the job's answer), and the hand-over to people when the rounds are spent.
 * The rounds record rides at its end, hidden; the caller seals it. Pure.
 */

/** One round as the comment lists it. */
export interface RoundShown {
  round: number
  of: number
  head: string
  /** The failing checks' names, as GitHub gives them (escaped here). */
  failed: readonly string[]
  jobId: string
  /** The job's answer (its verdict's headline); null while the run waits for it. */
  answer: string | null
}

/** A round's line: every one starts with `- Round `, so the next run can carry the earlier ones over. */
export function roundLine(shown: RoundShown): string {
  const answer = shown.answer === null ? 'waiting for its answer' : escapeInline(shown.answer)
  return `${ROUND_LINE_START}${shown.round} of ${shown.of} at ${codeSpan(shown.head.slice(0, 7))}: ${checkNames(shown.failed)} failed. Job ${codeSpan(shown.jobId)}: ${answer}`
}

const ROUND_LINE_START = '- Round '
const ROUND_LINE = /^- Round \d+ of \d+ at /

/**
 * The round lines of the comment an earlier run wrote, to list them again. Only our own comment is read
 * here; a line holding a hidden marker is dropped, so nothing but text is carried over.
 */
export function earlierRoundLines(body: string): string[] {
  return body.split('\n').filter((line) => ROUND_LINE.test(line) && !line.includes('<!--'))
}

/** The comment while a round is under way, and once the job answered: the rounds so far, this one last. */
export function renderRoundsComment(marker: string, lines: readonly string[], record: string): string {
  const body = [
    marker,
    "### 🔧 The docs agent was handed its pull request's failing checks",
    '',
    ...lines,
    '',
    "Each round sends the failures to the agent's job once per commit; when they still fail after the last round, a person is asked to look."
  ]
  return withRecord(fitComment(body.join('\n')), record)
}

/**
 * The hand-over: the checks still fail after the rounds and a person needs to look, the requested reviewers
 * mentioned (the only mentions the action makes here: logins and `org/team` names GitHub gave), then the
 * rounds that were sent.
 */
export function renderHandOverComment(
  marker: string,
  handOver: { rounds: number; failed: readonly string[]; reviewers: readonly string[] },
  lines: readonly string[],
  record: string
): string {
  const mentions = handOver.reviewers.filter((name) => REVIEWER.test(name)).map((name) => `@${name}`)
  const body = [
    marker,
    '### 🙋 The failing checks need a person',
    '',
    handOverText(handOver.rounds, handOver.failed.map(codeSpan)),
    '',
    mentions.length > 0 ? `Requested reviewers: ${mentions.join(', ')}.` : 'Nobody is requested to review this pull request yet.',
    ...(lines.length > 0 ? ['', ...lines] : [])
  ]
  return withRecord(fitComment(body.join('\n')), record)
}

/** A login, or a team as `org/slug`: only such names become mentions. */
const REVIEWER = /^[A-Za-z\d](?:-?[A-Za-z\d]){0,38}(?:\/[A-Za-z\d][A-Za-z\d._-]{0,99})?$/

function checkNames(names: readonly string[]): string {
  return names.map(codeSpan).join(', ')
}

function withRecord(body: string, record: string): string {
  return record ? `${body}\n${record}\n` : `${body}\n`
}
