import type { Comparison, GitHubApi } from '../../../github/api.js'
import { changedPaths } from '../../../github/calls/pulls.js'
import type { PathsVerdict } from '../decide/docs-check-rules.js'
import { judgeFrom, type JudgeStep } from '../decide/judging.js'
import type { JudgedHead } from '../decide/judged.js'
import { anyDocumented, type PathsFilter } from '../decide/paths.js'
import type { CheckTarget } from './docs-check-reads.js'

/** A pull request's files: 3 pages of 100 at most, so a huge pull request costs a run three requests, not hundreds. */
export const MAX_PULL_FILES = 300
/** GitHub lists at most 300 files of one diff: a compare listing that many may be cut. */
const MAX_COMPARE_FILES = 300

/** What a pull request's run judges: its head and base now, its judged head, `paths`. */
export interface PullJudging {
  target: CheckTarget
  judged: JudgedHead | null
  /** Null: `paths` is empty, every change counts (and nothing is judged). */
  paths: PathsFilter | null
}

/** GitHub for the judging: the run's repository, and the one warning a refused read is worth. */
export interface JudgingReads {
  api: GitHubApi
  callFailed: (error: unknown, consequence: string) => void
}

/** What a pull request's judging found: the verdict, and what it read of the pull request's own change. */
export interface PullJudged {
  verdict: PathsVerdict
  /**
   * The compare of the pull request's base and head commits, read for its own files: its commits and files
   * are the context block's, which reads them no further. Null where none was read.
   */
  own: Comparison | null
}

/**
 * `paths` against what changed in the pull request since its judged head: the files between that head and
 * the current one that are also the pull request's own (a merge of the base brings other people's), or all
 * its files (no judged head, another base, a head that does not contain the judged one). Nothing new when
 * the head is the judged head. A list that may be cut, or a read GitHub refuses, counts as a match: what a
 * run cannot see, it does not wave through.
 */
export async function judgePull(judging: PullJudging, reads: JudgingReads): Promise<PullJudged> {
  const { target, judged, paths } = judging
  // With `paths` empty every change counts, as before: nothing to judge, nothing to read.
  if (!paths) return { verdict: 'unset', own: null }
  const step = judgeFrom(judged, target.sha ?? '', target.base?.ref ?? '')
  if (step.kind === 'unchanged') return { verdict: 'unchanged', own: null }
  try {
    const { files, own } = await changedFiles(step, judging, reads.api)
    if (files === 'cut') return { verdict: 'matched', own }
    return { verdict: anyDocumented(files, paths) ? 'matched' : 'unmatched', own }
  } catch (error) {
    reads.callFailed(error, 'The changed files could not be read, so they count as documented files.')
    return { verdict: 'matched', own: null }
  }
}

/** The changed files to judge ('cut': they may be more), and the pull request's own compare where it was read. */
interface ChangedFiles {
  files: string[] | 'cut'
  own: Comparison | null
}

async function changedFiles(
  step: Exclude<JudgeStep, { kind: 'unchanged' }>,
  { target }: PullJudging,
  api: GitHubApi
): Promise<ChangedFiles> {
  if (step.kind === 'compare') {
    const comparison = await api.compare(step.from, target.sha ?? '')
    // Only a head that contains the judged one is judged by the difference: behind or diverged (a force-push),
    // or a status GitHub does not give, is judged whole.
    if (comparison.status === 'ahead' || comparison.status === 'identical') {
      if (comparison.files === null || comparison.listed >= MAX_COMPARE_FILES) return { files: 'cut', own: null }
      const { files, own } = await ownFiles(target, api)
      return { files: files === 'cut' ? 'cut' : comparison.files.filter((file) => files.has(file)), own }
    }
  }
  const { files, own } = await ownFiles(target, api)
  return { files: files === 'cut' ? 'cut' : [...files], own }
}

/**
 * The pull request's own files at the head the run is about, both names of a rename: the compare of its base
 * and head commits as the event gives them, which stays what it was (the live file list can already show a
 * later push, after two quick pushes); the live list only where no base commit is known. Cut when the list
 * may be cut.
 */
async function ownFiles(target: CheckTarget, api: GitHubApi): Promise<{ files: Set<string> | 'cut'; own: Comparison | null }> {
  const baseSha = target.base?.sha ?? ''
  if (baseSha !== '' && target.sha) {
    const own = await api.compare(baseSha, target.sha)
    if (own.files === null || own.listed >= MAX_COMPARE_FILES) return { files: 'cut', own }
    return { files: new Set(own.files), own }
  }
  const files = await api.pullFileChanges(target.pull?.number ?? 0, MAX_PULL_FILES)
  const changed = target.base?.changedFiles ?? 0
  if (files.cut || files.length >= MAX_PULL_FILES || changed > files.length) return { files: 'cut', own: null }
  return { files: new Set(changedPaths(files)), own: null }
}
