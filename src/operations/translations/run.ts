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
import { buildReport, type TranslationsReport } from './report.js'
import { reportCsv, reportJson } from './report-file.js'
import { renderTranslationsSummary } from './summary.js'
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
  const read = await readTranslations({ docsFolder: settings.docsFolder, languages: settings.languages }, reads.git, reads.json)
  if (read.kind === 'one-language') return result(judgeOneLanguage(read.language), null, null)
  const report = buildReport(read.facts, deps.clock.now())
  const verdict = judgeTranslations(report)
  if (settings.dryRun)
    return result(
      { ...verdict, outcome: 'dry-run', result: 'notice', headline: `Dry run: ${verdict.headline} No file was written.` },
      report,
      null
    )
  try {
    await writeReportFile(settings, report, [])
  } catch (error) {
    return result(judgeTranslationsFailed(messageOf(error)), report, null)
  }
  return result(verdict, report, settings.outputFile)
}

function writeReportFile(settings: Settings<TranslationsInputs>, report: TranslationsReport, jobs: readonly unknown[]): Promise<void> {
  return settings.outputFile.toLowerCase().endsWith('.csv')
    ? writeTextFile(settings, reportCsv(report))
    : writeJsonFile(settings, reportJson(report, jobs))
}

function result(verdict: Verdict, report: TranslationsReport | null, file: string | null): OperationResult {
  return { verdict, outputs: translationsOutputs(verdict, report, file), summary: renderTranslationsSummary(report, verdict, file) }
}
