import type { Repo } from '../../../github/event.js'
import { pullRef } from '../../../github/event.js'
import { redact } from '../../../redaction.js'
import { docsStatus } from '../decide/commit-status.js'
import type { Write } from '../decide/writes.js'
import type { RunMeans } from '../means.js'
import type { Written } from './written.js'

/**
 * The docs check's writes: the commit status on the run's commit, the note on the agent's pull request when
 * its code pull request closed. Every GitHub failure here is one warning; the run goes on.
 */

/** One commit status on the run's commit; a dry run shows it instead. */
export async function writeCommitStatus(
  write: Extract<Write, { kind: 'commit-status' }>,
  means: RunMeans,
  written: Written
): Promise<void> {
  const { settings, run, github, log } = means
  const context = settings.docsCheck.statusContext
  if (!context || !write.sha) return
  const status = docsStatus(write.situation, run.runUrl, (text) => redact(text, settings.apiKey))
  const words = `${context} status of ${write.sha.slice(0, 7)}: ${status.state}, "${status.description}"`
  if (write.dryRun) return log.info(`Dry run: would set the ${words}.`)
  const api = await github.apiOrNull()
  if (!api) return
  try {
    await api.createCommitStatus(write.sha, { ...status, context })
    written.state = status.state
    written.status = status
    log.info(`Set the ${words}.`)
  } catch (error) {
    github.callFailed(error, 'The docs check stays as it was on this commit.')
  }
}

/** The note for the agent's pull request of a closed code pull request, in its repository. */
export async function tellAgentPull({ note, dryRun }: Extract<Write, { kind: 'note' }>, means: RunMeans): Promise<void> {
  const { github, log, settings } = means
  if (dryRun) return log.info(`Dry run: would comment on ${note.pull.repository}#${note.pull.number}: ${note.text}.`)
  const [owner = '', repo = ''] = note.pull.repository.split('/')
  const api = await github.apiIn({ owner, repo } satisfies Repo)
  try {
    await api?.createComment(pullRef(note.pull.number), redact(`${note.text}.`, settings.apiKey))
  } catch (error) {
    github.callFailed(error, `${note.pull.repository}#${note.pull.number} was not told.`)
  }
}
