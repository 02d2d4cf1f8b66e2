import type { SweptPull } from './carry-out.js'
import type { SweepFacts, VisitedPull } from './facts.js'

/**
 * The file a sweep writes (`output-file`, default docs-sweep.json): each visited pull request with its
 * decision, what was done, and the facts it rests on; those left for later; what was not judged and why.
 */
export function sweepFile(facts: SweepFacts, swept: readonly SweptPull[], runNumber: number): Record<string, unknown> {
  const visits = new Map(facts.visited.map((visit) => [visit.listed.number, visit]))
  return {
    repository: facts.repository,
    runNumber,
    listed: facts.listed,
    listCut: facts.listCut,
    visited: swept.map((pull) => ({
      number: pull.number,
      url: pull.url,
      title: pull.title,
      createdAt: pull.createdAt,
      decision: pull.decision,
      why: pull.why,
      done: pull.done,
      notJudged: pull.notJudged,
      facts: factsOf(visits.get(pull.number))
    })),
    leftForLater: facts.leftForLater.map((pull) => pull.number)
  }
}

/** The facts as read, or why each was not: `null` where it was not needed. */
function factsOf(visit: VisitedPull | undefined): Record<string, unknown> {
  if (!visit) return {}
  const shown = <T, U>(fact: { read: true; value: T } | { read: false; why: string } | undefined, pick: (value: T) => U): unknown =>
    fact === undefined ? null : fact.read ? pick(fact.value) : { notRead: fact.why }
  return {
    pull: shown(visit.standing, (standing) => ({
      mergeable: standing.mergeable,
      mergeableState: standing.mergeableState,
      draft: standing.draft,
      base: { ref: standing.baseRef, sha: standing.baseSha },
      head: { ref: standing.headRef, sha: standing.headSha },
      requestedReviewers: standing.requested,
      updatedAt: standing.updatedAt
    })),
    introduction: shown(visit.comments, (comments) => ({
      jobId: comments.jobId,
      codePull: comments.codePull,
      orphanNoteSeen: comments.orphanNoteSeen
    })),
    record: shown(visit.comments, (comments) => comments.record),
    reviews: shown(visit.reviews, (reviews) => reviews.map(({ login, state, commitId }) => ({ login, state, commitId }))),
    job: shown(visit.job, (job) => ('notRead' in job ? 'job not read (dry run)' : job.status)),
    codePull: shown(visit.codePull, (state) => state)
  }
}
