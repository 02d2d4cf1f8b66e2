/**
 * `agent-label`: the label the run that introduces the agent's pull request puts on it, by which the
 * docs-health report finds the agent's merged work. Read by the agent's inputs (which put it on) and by
 * the report's (which search by it).
 */
import { InputError, messageOf } from '../errors.js'
import type { GitHubApi } from '../github/api.js'
import { pullRef } from '../github/event.js'
import { clip, type InputReader } from '../inputs.js'

/** GitHub refuses longer label names. */
const MAX_LABEL_LENGTH = 50

/**
 * `agent-label` ('' for none). It must differ from `label`, the label that starts a job ('' where the job
 * reads none; GitHub compares label names without case): put on the agent's own pull request, it would
 * start a job there. A quote or a line break could not be searched for (`label:"<name>"`).
 */
export function readAgentLabel(input: InputReader, label: string): string {
  // Empty means none: the runner passes action.yml's default (docs-agent) when the step does not set it.
  const agentLabel = input('agent-label').trim()
  if (!agentLabel) return ''
  if (agentLabel.toLowerCase() === label.toLowerCase())
    throw new InputError(
      'agent-label',
      `Inputs 'agent-label' and 'label' are both '${clip(label)}': the label that starts a job would start one on every agent pull request it marks; give them different names.`
    )
  if (agentLabel.length > MAX_LABEL_LENGTH || /["\p{Cc}]/u.test(agentLabel))
    throw new InputError(
      'agent-label',
      `Input 'agent-label' must be a label name of at most ${MAX_LABEL_LENGTH} characters without quotes or line breaks (docs-agent), or empty for none; got '${clip(agentLabel)}'.`
    )
  return agentLabel
}

/**
 * Puts `agentLabel` on the agent's pull request `pull` in `api`'s repository (nothing when it is empty).
 * GitHub creates a label the repository does not have yet, but only for a token that may (`issues: write`);
 * any refusal is one warning saying what to do, and the run's result stands.
 */
export async function labelAgentPull(
  api: GitHubApi,
  pull: number,
  agentLabel: string,
  log: { info(message: string): void; warning(message: string): void }
): Promise<void> {
  if (!agentLabel) return
  const name = `${api.repo.owner}/${api.repo.repo}#${pull}`
  try {
    await api.addLabel(pullRef(pull), agentLabel)
    log.info(`Labelled ${name} ${agentLabel}, by which the docs-health report finds the agent's merged pull requests.`)
  } catch (error) {
    log.warning(
      `${messageOf(error)} The docs-health report finds the agent's pull requests by this label: create the label ${agentLabel} ` +
        `once by hand in ${api.repo.owner}/${api.repo.repo}, or give the token issues: write there.`
    )
  }
}
