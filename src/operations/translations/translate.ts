import { messageOf } from '../../errors.js'
import type { OperationResult } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import { runAgentOperation } from '../agent/run.js'
import type { OperationDeps } from '../operation.js'
import type { GitReads } from './git.js'
import type { TranslationsInputs } from './inputs.js'
import { cappedDiff, DIFF_CAP, diffSize, type JobsPlan, type PlannedJob, translationPrompt } from './jobs.js'
import { languageName } from './report.js'
import { shellSafeText } from '../../trust/shell-safe-outputs.js'

/** One language's job as the report lists it. */
export interface StartedJob {
  language: string
  outcome: string
  jobId: string
  prLink: string
}

/**
 * Carries out the jobs plan: for each language in turn, the source's diffs read page by page until the cap,
 * then one agent job through the agent's own path (the trust gate, the spend limit, the introduction of its
 * pull request, `agent-label`). The first job's outputs are the run's; later jobs publish nothing of their own.
 */
export async function startTranslationJobs(
  plan: JobsPlan,
  settings: Settings<TranslationsInputs>,
  deps: OperationDeps,
  git: GitReads
): Promise<{ jobs: StartedJob[]; first: OperationResult | null }> {
  const jobs: StartedJob[] = []
  let first: OperationResult | null = null
  for (const job of plan.jobs) {
    const prompt = translationPrompt(job, await readDiffs(job, git, deps))
    const name = languageName(job.language)
    deps.log.info(`Starting the ${name} translation job: ${job.pages.length} pages.`)
    const result = await runAgentOperation(
      // The introduction of its pull request records the language, by which later runs find it in review.
      { ...settings, ...settings.agent, prompt, promptSource: `the translations report (${name})`, translation: job.language.language },
      'job',
      first === null ? deps : { ...deps, publish: () => undefined }
    )
    first ??= result
    jobs.push({
      // The output is read by later steps: a scope's name comes from docs.json, which any committer writes.
      language: shellSafeText(name),
      outcome: result.outputs.outcome ?? '',
      jobId: result.outputs['job-id'] ?? '',
      prLink: result.outputs['pr-link'] ?? ''
    })
  }
  return { jobs, first }
}

/** Each stale page's source diff since its translation's last commit, until the prompt's cap; null past it. */
async function readDiffs(job: PlannedJob, git: GitReads, deps: OperationDeps): Promise<Map<string, string | null>> {
  const diffs = new Map<string, string | null>()
  let total = 0
  for (const page of job.pages) {
    if (page.state !== 'stale' || !page.source || !page.translatedAt || total >= DIFF_CAP.total) continue
    try {
      const diff = cappedDiff(await git.diff(page.translatedAt.sha, page.source))
      const size = diffSize(diff)
      if (total + size > DIFF_CAP.total) {
        total = DIFF_CAP.total
        continue
      }
      total += size
      diffs.set(page.translation, diff)
    } catch (error) {
      deps.log.warning(`The diff of ${page.source} could not be read (${messageOf(error)}): the job names the page without it.`)
    }
  }
  return diffs
}
