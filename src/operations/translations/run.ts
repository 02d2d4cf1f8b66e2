import { messageOf } from '../../errors.js'
import { writeJsonFile, writeTextFile } from '../../files.js'
import type { OperationResult, Verdict } from '../../outcome.js'
import type { Settings } from '../../settings.js'
import type { OperationDeps } from '../operation.js'
import type { JsonFiles } from './docs-json.js'
import { checkoutGit, type GitReads } from './git.js'
import type { TranslationsInputs } from './inputs.js'
import { translationsOutputs } from './outputs.js'
import { checkoutJsonFiles, readTranslations } from './read.js'
import { readReviews, withReviews } from './in-review.js'
import { planJobs } from './jobs.js'
import { buildReport, languageName, type TranslationsReport } from './report.js'
import { reportCsv, reportJson } from './report-file.js'
import { renderTranslationsSummary } from './summary.js'
import { type StartedJob, startTranslationJobs } from './translate.js'
import { judgeOneLanguage, judgeTranslations, judgeTranslationsFailed } from './verdicts.js'

/**
 * `translations`: which translated pages lag their source, from the checked-out repository alone (no
 * network for the report). Read (the checkout, docs.json, history), a pure report, the file, the summary
 * and the outputs.
 */
export function runTranslations(settings: Settings<TranslationsInputs>, deps: OperationDeps): Promise<OperationResult> {
  return translationsOf(settings, deps, { git: checkoutGit(settings.workspace), json: checkoutJsonFiles(settings.workspace) })
}

/** What the run reads the checkout through: git and docs.json's files (tests hand in their own). */
export interface CheckoutReads {
  git: GitReads
  json: JsonFiles
}

export async function translationsOf(
  settings: Settings<TranslationsInputs>,
  deps: OperationDeps,
  reads: CheckoutReads
): Promise<OperationResult> {
  const request = { docsFolder: settings.docsFolder, languages: settings.languages, signs: settings.translate }
  const read = await readTranslations(request, reads.git, reads.json)
  if (read.kind === 'one-language') return result(judgeOneLanguage(read.language), null, null)
  const built = buildReport(read.facts, deps.clock.now())
  for (const sign of read.facts.signs) deps.log.warning(sign)
  // Only jobs need to know which languages are in review: the report alone sends nothing.
  const report = settings.translate ? withReviews(built, await readReviews(built, settings, deps)) : built
  const acted = settings.translate ? await translate(report, settings, deps, reads.git) : { jobs: [], first: null }
  const verdict = judgeTranslations(report, acted.jobs)
  if (settings.dryRun) {
    const dry: Verdict = { ...verdict, outcome: 'dry-run', result: 'notice', headline: `Dry run: ${verdict.headline} No file was written.` }
    return withJobs(result(dry, report, null, acted.jobs), acted.first)
  }
  try {
    await writeReportFile(settings, report, acted.jobs)
  } catch (error) {
    return withJobs(result(judgeTranslationsFailed(messageOf(error)), report, null, acted.jobs), acted.first)
  }
  return withJobs(result(verdict, report, settings.outputFile, acted.jobs), acted.first)
}

/**
 * The jobs of `translate: true`: planned from the report (the languages in review, or whose review is unknown,
 * get none), the waiting languages said (a warning where the review is unknown), then started in turn.
 */
async function translate(
  report: TranslationsReport,
  settings: Settings<TranslationsInputs>,
  deps: OperationDeps,
  git: GitReads
): Promise<{ jobs: StartedJob[]; first: OperationResult | null }> {
  const plan = planJobs(report.languages, settings)
  for (const { language, why, unknown } of plan.waiting) {
    const line = `No job for ${languageName(language)} in this run: ${why}.`
    if (unknown) deps.log.warning(line)
    else deps.log.info(line)
  }
  if (plan.jobs.length === 0 && plan.waiting.length === 0)
    deps.log.info('No language has stale or missing pages to translate: no job was started.')
  return startTranslationJobs(plan, settings, deps, git)
}

/** The report's result with the first job's outputs (job-id, pr-link, …) and summary; the outcome stays the report's. */
function withJobs(report: OperationResult, first: OperationResult | null): OperationResult {
  if (!first) return report
  const jobOutputs = Object.fromEntries(Object.entries(first.outputs).filter(([name]) => name !== 'outcome' && name !== 'failure-reason'))
  return { ...report, outputs: { ...jobOutputs, ...report.outputs }, summary: `${report.summary}\n${first.summary}` }
}

function writeReportFile(settings: Settings<TranslationsInputs>, report: TranslationsReport, jobs: readonly unknown[]): Promise<void> {
  return settings.outputFile.toLowerCase().endsWith('.csv')
    ? writeTextFile(settings, reportCsv(report))
    : writeJsonFile(settings, reportJson(report, jobs))
}

function result(
  verdict: Verdict,
  report: TranslationsReport | null,
  file: string | null,
  jobs: readonly StartedJob[] = []
): OperationResult {
  return { verdict, outputs: translationsOutputs(verdict, report, file, jobs), summary: renderTranslationsSummary(report, verdict, file) }
}
