/**
 * Which of the agent's merged pull requests the track record judges, pure: their pages (by the one
 * mapping the preview comment uses), their windows, and why any is not judged.
 */
import { type PageChange, pageChanges, type PullRequestFile } from '../../docs-pages.js'
import { isoDate, type Windows, windowsOf, windowsOverlap } from './weeks.js'

/** At most this many pull requests are judged, the most recently merged. */
export const MAX_JUDGED = 30

/** A merged pull request as GitHub gave it: the search's row and its files (null: they could not be read). */
export interface FoundPull {
  number: number
  url: string
  /** Epoch ms. */
  mergedAt: number
  files: PullRequestFile[] | null
  /** The files read were as many as are read (300): the pull request may have more, which are not judged. */
  filesCut: boolean
}

/** A page both before and after the merge: its path on each side (a renamed page has two). */
export interface ComparedPage {
  before: string
  after: string
}

/** Why a pull request is or is not judged. */
export type Standing =
  | { kind: 'judged' }
  /** Its after window ends on `judgedOn` (a Monday, YYYY-MM-DD). */
  | { kind: 'waiting'; judgedOn: string }
  | { kind: 'no page changed' }
  | { kind: 'left out'; why: string }

export interface StandingPull {
  number: number
  url: string
  mergedAt: number
  windows: Windows
  /** Every page it touched, new and removed ones included. */
  pages: PageChange[]
  /** The pages compared before and after: those it changed, less any left out for overlapping windows. */
  compared: ComparedPage[]
  filesCut: boolean
  standing: Standing
}

/** A page left out of the pooled tables: two judged pull requests changed it in overlapping windows. */
export interface Overlap {
  path: string
  pulls: number[]
}

export interface Standings {
  /** Newest merge first. */
  pulls: StandingPull[]
  overlaps: Overlap[]
  /** Every page path any found pull request touched, before or after: in neither group unless compared. */
  touched: Set<string>
}

/**
 * The standing of each found pull request at `now`: waiting while its after window has not ended; not
 * judged when it changed no page that exists on both sides (new and removed pages have nothing to compare),
 * or when its files could not be read; of the rest, the `MAX_JUDGED` most recently merged are judged. A page
 * two judged pull requests changed in overlapping windows is left out of both.
 */
export function standPulls(found: readonly FoundPull[], options: { weeks: number; folder: string; now: number }): Standings {
  const newestFirst = [...found].sort((a, b) => b.mergedAt - a.mergedAt || b.number - a.number)
  let judged = 0
  const pulls = newestFirst.map((pull): StandingPull => {
    const windows = windowsOf(pull.mergedAt, options.weeks)
    const pages = pull.files ? pageChanges(pull.files, options.folder) : []
    const compared = pages.flatMap((page) =>
      page.before !== null && page.after !== null ? [{ before: page.before, after: page.after }] : []
    )
    const base = { number: pull.number, url: pull.url, mergedAt: pull.mergedAt, windows, pages, compared, filesCut: pull.filesCut }
    if (windows.ends > options.now) return { ...base, standing: { kind: 'waiting', judgedOn: isoDate(windows.ends) } }
    if (pull.files === null) return { ...base, standing: { kind: 'left out', why: 'its files could not be read' } }
    if (compared.length === 0) return { ...base, standing: pages.length === 0 ? { kind: 'no page changed' } : onlyNewOrRemoved() }
    if (judged >= MAX_JUDGED)
      return { ...base, standing: { kind: 'left out', why: `only the ${MAX_JUDGED} most recently merged are judged` } }
    judged++
    return { ...base, standing: { kind: 'judged' } }
  })
  const overlaps = leaveOutOverlaps(pulls)
  const touched = new Set(pulls.flatMap((pull) => pull.pages.flatMap((page) => [page.before, page.after])).filter((path) => path !== null))
  return { pulls, overlaps, touched }
}

function onlyNewOrRemoved(): Standing {
  return { kind: 'left out', why: 'it only added or removed pages, which have nothing to compare' }
}

/**
 * Pages two judged pull requests changed in overlapping windows: left out of both, since neither change
 * alone explains what readers did there. A pull request left with no page is not judged.
 */
function leaveOutOverlaps(pulls: StandingPull[]): Overlap[] {
  const judged = pulls.filter((pull) => pull.standing.kind === 'judged')
  const shared = new Map<string, Set<number>>()
  for (const [i, one] of judged.entries()) {
    for (const other of judged.slice(i + 1)) {
      if (!windowsOverlap(one.windows, other.windows)) continue
      const theirs = new Set(other.compared.flatMap((page) => [page.before, page.after]))
      for (const path of new Set(one.compared.flatMap((page) => [page.before, page.after]))) {
        if (!theirs.has(path)) continue
        shared.set(path, new Set([...(shared.get(path) ?? []), one.number, other.number]))
      }
    }
  }
  for (const pull of judged) {
    pull.compared = pull.compared.filter((page) => !shared.has(page.before) && !shared.has(page.after))
    if (pull.compared.length > 0) continue
    const others = [...shared.entries()].filter(([, numbers]) => numbers.has(pull.number)).flatMap(([, numbers]) => [...numbers])
    const names = [...new Set(others)].filter((n) => n !== pull.number).map((n) => `#${n}`)
    pull.standing = { kind: 'left out', why: `every page it changed was also changed by ${names.join(', ')} in overlapping weeks` }
  }
  return [...shared.entries()].map(([path, numbers]) => ({ path, pulls: [...numbers].sort((a, b) => a - b) }))
}
