import { readFileSync } from 'node:fs'
import { isRecord } from '../text.js'
import type { RunContext } from './event.js'
import { parseEvent } from './webhook-payload.js'

/** Where the run happens, from the runner's environment: the event read from its payload file, the repository, the run's URL. */
export function readRunContext(env: NodeJS.ProcessEnv): RunContext {
  const payload = readPayload(env.GITHUB_EVENT_PATH)
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  return {
    event: parseEvent(env.GITHUB_EVENT_NAME ?? '', payload),
    repo: owner && repo ? { owner, repo } : null,
    serverUrl,
    runUrl: owner && repo && env.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${env.GITHUB_RUN_ID}` : null,
    workflow: env.GITHUB_WORKFLOW ?? '',
    job: env.GITHUB_JOB ?? '',
    sha: env.GITHUB_SHA ?? '',
    ref: env.GITHUB_REF ?? '',
    actor: env.GITHUB_ACTOR ?? '',
    runNumber: wholeNumber(env.GITHUB_RUN_NUMBER)
  }
}

function wholeNumber(text: string | undefined): number {
  const value = Number(text)
  return Number.isSafeInteger(value) && value >= 0 ? value : 0
}

function readPayload(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return isRecord(parsed) ? parsed : {}
  } catch {
    return {}
  }
}
