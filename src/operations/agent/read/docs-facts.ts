import type { Comparison } from '../../../github/api.js'
import { stickyMarker } from '../../../github/markers.js'
import type { GitHubEvent } from '../../../github/event.js'
import { statusOfContext, type ContextStatuses } from '../decide/context-statuses.js'
import { type DocsEvent, needsHeadOwners, type PathsVerdict } from '../decide/docs-check-rules.js'
import type { SharedHead } from '../decide/shared-head.js'
import type { DocsRecord } from '../decide/docs-record.js'
import type { JudgedHeads } from '../decide/judged.js'
import { anyDocumented, type PathsFilter } from '../decide/paths.js'
import type { RunMeans } from '../means.js'
import { checkTarget, type CheckTarget, fetchDocsRecord, pushFiles, type ReadBeforeGate, sharedHeadOf } from './docs-check-reads.js'
import type { Command } from './event-ask.js'
import { judgePull, type JudgingReads } from './judge-pull.js'

/**
 * The docs check's part of the second read (read/plan-facts.ts), for a run the docs check follows: the
 * code pull request and its commit, its record, its sticky comment and `paths`.
 */

/** The docs check's facts: its event, the code pull request and commit, the record, the sticky comment, `paths`. */
export interface DocsFacts {
  event: DocsEvent
  target: CheckTarget
  /** The newest trusted, signed record on the code pull request. */
  record: DocsRecord | null
  /** The judged heads the record keeps, and the key of this run's (its status context, or its workflow and job). */
  judged: { key: string; heads: JudgedHeads }
  /** The status each context wrote last, by the same keys (the record's `status` is this run's context's). */
  statuses: ContextStatuses
  /** Whether "no record" can be believed (see `RecordRead.known`): a fork's unknown record waits for a maintainer. */
  recordKnown: boolean
  /** The pull request's sticky comment among the token's own (null: none), when they were read; the status comment adopts it. */
  stickyId: number | null | undefined
  paths: PathsVerdict
  /**
   * The compare of the code pull request's base and head that judging `paths` read (null: none read): the
   * context block takes the pull request's commits and files from it instead of reading them again.
   */
  ownCompare: Comparison | null
  /** The pull request is an outsider's (a fork's, or an author's below `min-permission`), as the gate judged it. */
  outsiders: boolean
  /** Another open pull request with the same head, asked only where needsHeadOwners says so; null: none, or not asked. */
  sharedHead: SharedHead | null
}

/** What the docs check takes of the gate's judgement: the run's command (if any), what the gate read, whether the pull request is an outsider's. */
export interface JudgedRun {
  command: Command | null
  before: ReadBeforeGate
  outsiders: boolean
}

/**
 * The docs check's facts, each read once (or taken from what the gate's read found); a GitHub failure
 * leaves a fact out (one warning), never the run.
 */
export async function readDocsFacts(event: DocsEvent, judged: JudgedRun, means: RunMeans): Promise<DocsFacts> {
  const { run, github, records, settings } = means
  const { command, before } = judged
  const facts: DocsFacts = {
    event,
    target: before.target ?? { pull: null, sha: null, author: null },
    record: null,
    judged: { key: judgedKey(means), heads: {} },
    statuses: {},
    recordKnown: false,
    stickyId: undefined,
    paths: 'unset',
    ownCompare: null,
    outsiders: judged.outsiders,
    sharedHead: null
  }
  if (event.kind === 'scheduled') return { ...facts, target: await checkTarget(run, command, null), recordKnown: true }
  const api = await github.apiOrNull()
  try {
    facts.target = before.target ?? (await checkTarget(run, command, api))
    const read = before.record ?? (await fetchDocsRecord(api, facts.target.pull, records, run.event))
    // Each context carries its own status: another workflow's docs check writes another's.
    const status = statusOfContext(read.statuses, facts.judged.key, read.record?.status ?? null)
    const record = read.record && { ...read.record, status }
    Object.assign(facts, {
      record,
      judged: { ...facts.judged, heads: read.judged },
      statuses: read.statuses ?? {},
      recordKnown: read.known
    })
    const marker = stickyMarker(`${run.workflow}/${run.job}`)
    facts.stickyId = read.own.filter((comment) => comment.body.includes(marker)).at(-1)?.id ?? null
    if (api) Object.assign(facts, await pathsOf(facts, settings.docsCheck.paths, { api, callFailed: github.callFailed, event: run.event }))
    const { pull, sha } = facts.target
    if (api && pull && sha && needsHeadOwners(event, facts.outsiders, settings.docsCheck.statusContext !== null))
      facts.sharedHead = await sharedHeadOf(api, pull, sha, (error) => github.callFailed(error, 'No docs status is written on it.'))
  } catch (error) {
    github.callFailed(error, 'The docs check goes on with what it could read.')
  }
  return facts
}

/** The key the judged head is kept under: the status context, else the workflow and job (which may judge other `paths`). */
function judgedKey({ settings, run }: RunMeans): string {
  const context = settings.docsCheck.statusContext
  return context ? `status ${context}` : `job ${run.workflow}/${run.job}`
}

/**
 * `paths` against the change: a push's own commits, a pull request's state since its judged head
 * (judge-pull.ts). Commands and labels are asked for explicitly: they are not judged.
 */
async function pathsOf(
  facts: DocsFacts,
  paths: PathsFilter | null,
  reads: JudgingReads & { event: GitHubEvent }
): Promise<Pick<DocsFacts, 'paths' | 'ownCompare'>> {
  const { event, target, judged } = facts
  if (event.kind === 'push' && reads.event.kind === 'push') {
    const files = paths ? await pushFiles(reads.event, reads.api) : null
    return { paths: paths && files ? (anyDocumented(files, paths) ? 'matched' : 'unmatched') : 'unset', ownCompare: null }
  }
  if (event.kind !== 'pull-request' || !target.pull || !target.sha) return { paths: 'unset', ownCompare: null }
  const { verdict, own } = await judgePull({ target, judged: judged.heads[judged.key] ?? null, paths }, reads)
  return { paths: verdict, ownCompare: own }
}
