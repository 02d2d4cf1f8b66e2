import { redact } from '../../../redaction.js'
import { type GroupedRun, groupedReport } from '../decide/grouping.js'
import type { JobRequest } from '../decide/run-plan.js'
import { judgeDryRun, type JobReport } from '../verdicts.js'
import type { RunMeans, WorkflowResult } from '../means.js'

/**
 * A dry run ends where the request would leave: everything is validated, the permission and the change notes
 * were read from GitHub, and the prompt with its change notes goes to the log and the summary instead.
 */
export async function showDryRun(
  request: JobRequest & { changeNotes: string },
  grouped: GroupedRun | null,
  means: RunMeans
): Promise<WorkflowResult> {
  const { settings, run } = means
  const prompt = request.changeNotes ? `${request.prompt}\n\n${request.changeNotes}` : request.prompt
  const target =
    request.action === 'job'
      ? `POST /v2/agent/${settings.projectId}/job`
      : `POST /v2/agent/${settings.projectId}/job/${request.jobId}/message`
  await means.log.group(`Dry run: the prompt ${target} would carry (${prompt.length} characters, from ${request.promptSource})`, () => {
    // Each line behind a bar: a prompt line starting with '::' must not pass for a workflow command.
    prompt.split('\n').forEach((line) => means.log.info(`| ${line}`))
    return Promise.resolve()
  })
  const report: JobReport = {
    action: request.action,
    verdict: judgeDryRun(request.action, settings.projectId, request.jobId, prompt.length),
    job: null,
    prompt: redact(request.prompt, settings.apiKey),
    promptSource: request.promptSource,
    changeNotes: redact(request.changeNotes, settings.apiKey),
    waited: false,
    durationMs: 0,
    polls: 0,
    runUrl: run.runUrl,
    ...groupedReport(grouped)
  }
  const result = { verdict: report.verdict, job: report, commentUrl: null }
  means.publish(result)
  return result
}
