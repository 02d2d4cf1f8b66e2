import { GitHubError } from '../../../github/errors.js'
import { commentCountOf, pullRef, type Repo, type RunContext } from '../../../github/event.js'
import { type CodePullRecord, codePullMarker, jobIdInMarker, jobMarker } from '../../../github/markers.js'
import { translationMarker } from '../../../github/translation-marker.js'
import { parsePullLink } from '../../../mintlify/job.js'
import { renderAgentPullComment } from '../agent-pull-comment.js'
import { recordSubject } from '../comment-records.js'
import { crossRepositoryTokenAdvice, type GroupedRun, isOutOfReach, lookedElsewhere } from '../decide/grouping.js'
import { isAgentsPull } from './agent-pull-check.js'
import { warnOutOfReach } from './grouped-run.js'
import type { JobReport } from '../verdicts.js'
import type { RunMeans } from '../means.js'

/**
 * The agent's pull request, told where its job came from: once per job, in whichever repository the
 * agent opened it, so that trigger replies there reach the job.
 */

/** The agent's pull request, as the run must address it to introduce the job there. */
export interface Introduction {
  repo: Repo
  pull: number
  /** In another repository than the run's: another connection, and perhaps no access. */
  elsewhere: boolean
}

/**
 * Where the job's pull request is to be introduced: any well-formed pull request link on this run's GitHub
 * server, in whichever repository. Null for no link, or a link to another server (the token means nothing there).
 */
export function introductionFor(prLink: string | null, run: Pick<RunContext, 'repo' | 'serverUrl'>): Introduction | null {
  const link = parsePullLink(prLink)
  if (!link || !prLink || new URL(prLink).host.toLowerCase() !== hostOf(run.serverUrl)) return null
  const [owner = '', repo = ''] = link.repository.split('/')
  const own = run.repo !== null && `${run.repo.owner}/${run.repo.repo}`.toLowerCase() === link.repository.toLowerCase()
  return { repo: { owner, repo }, pull: link.number, elsewhere: !own }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}

/**
 * What the introduction tells besides the job: the run's status comment, the origin of a grouped run, and
 * (for the sweep) the code pull request that started the job with its author and the reviewers asked.
 */
export interface IntroductionTold {
  statusUrl: string | null
  grouped: GroupedRun | null
  codePull: CodePullRecord | null
  /** A `translations` job's language: the introduction records the operation and the language (github/translation-marker.ts). */
  translation?: string | null
}

/**
 * Once per job: tell the agent's pull request, in whichever repository it is, where the job came from and
 * that trigger replies there reach it. The run's result is settled by now: nothing here changes it. True
 * when this run wrote the introduction (so it is the run that asks for reviews).
 */
export async function introduceAgentPull(report: JobReport, told: IntroductionTold, means: RunMeans): Promise<boolean> {
  const { statusUrl, grouped, codePull } = told
  const { settings, run, github, records, log } = means
  const jobId = report.job?.id
  // group-runs: the marker records where the job came from, so the next run of this workflow and branch finds it.
  const job = jobId ? jobMarker(jobId, grouped?.plan.origin ?? null) : null
  const started = codePull ? codePullMarker(codePull) : null
  const marker = withTranslation(job && started ? `${job}\n${started}` : job, told.translation)
  const intro = introductionFor(report.job?.prLink ?? null, run)
  if (!jobId || !marker || !intro) return false
  const astray = grouped ? lookedElsewhere(grouped, intro.repo) : null
  if (astray) log.warning(astray)
  const api = intro.elsewhere ? await github.apiIn(intro.repo) : await github.apiOrNull()
  if (!api) return false
  const name = `${intro.repo.owner}/${intro.repo.repo}#${intro.pull}`
  const about = recordSubject(api.repo, intro.pull)
  // The event's count of comments holds for the run's own repository only.
  const commentCount = intro.elsewhere ? undefined : commentCountOf(run.event, intro.pull)
  try {
    const trusted = await api.markerComments(pullRef(intro.pull), settings.markerAuthors, commentCount)
    if (records.verified(trusted, about).some((comment) => jobIdInMarker(comment.records) === jobId)) return false
    // Only the agent's own pull request is introduced (and so labelled, its reviewers asked): agent-pull-check.ts.
    if (!(await isAgentsPull(report.job, { repository: `${intro.repo.owner}/${intro.repo.repo}`, number: intro.pull }, means))) return false
    const body = renderAgentPullComment(marker, {
      jobId,
      event: run.event,
      fromRepository: intro.elsewhere && run.repo ? `${run.repo.owner}/${run.repo.repo}` : null,
      runUrl: run.runUrl,
      statusUrl,
      trigger: settings.trigger,
      timeline: grouped !== null
    })
    await api.createComment(pullRef(intro.pull), records.seal(body, about))
    log.info(`Told ${name} that ${settings.trigger} replies there go to job ${jobId}.`)
    return true
  } catch (error) {
    if (intro.elsewhere && isOutOfReach(error)) {
      if (grouped) warnOutOfReach(grouped, run, error, log)
      else log.notice(noAccessNotice(intro, run, settings.trigger, error))
      return false
    }
    const unfound = grouped ? ', and the next run of this workflow on this branch opens another pull request' : ''
    github.callFailed(error, `Replies on the agent's pull request will start new jobs instead of follow-ups${unfound}.`)
    return false
  }
}

/** The job's records with a translations job's language beside them (none for any other job). */
function withTranslation(marker: string | null, language: string | null | undefined): string | null {
  const translation = language ? translationMarker(language) : null
  return marker && translation ? `${marker}\n${translation}` : marker
}

/** The one notice for an agent pull request in a repository this run's token cannot comment in: why, and what token would. */
function noAccessNotice(intro: Introduction, run: RunContext, trigger: string, error: unknown): string {
  const docs = `${intro.repo.owner}/${intro.repo.repo}`
  const code = run.repo ? `${run.repo.owner}/${run.repo.repo}` : 'this repository'
  const status = error instanceof GitHubError ? ` (HTTP ${error.status})` : ''
  return (
    `The agent's pull request ${docs}#${intro.pull} is in another repository, which this workflow's token cannot comment in${status}, ` +
    `so ${trigger} replies there will start new jobs instead of follow-ups. To connect them, ${crossRepositoryTokenAdvice(code, docs)}`
  )
}
