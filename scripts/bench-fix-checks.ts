/**
 * What one `fix-checks` round costs on a heavy failure: Mintlify's link-rot check with 60 annotations and a
 * CI job whose log runs to 5,000 lines, both failed on the agent's pull request. One run of dist/index.js
 * on the `check_suite` event, against the simulator: the GitHub requests it makes (the log's download from
 * its signed address included, which is no GitHub API path) and the size of the message sent to the agent.
 */
import { checkSuitePayload, REPO, REPO_URL } from '../__tests__/fixtures/webhook-payloads.js'
import { type RecordedRequest, type Simulator, startSimulator } from '../simulator/index.js'
import { runAction } from './run-action.js'

export const ANNOTATIONS = 60
export const LOG_LINES = 5_000
/** Where the agent pushed its commit: the head the checks ran on. */
const HEAD = 'fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0fc0f'

/** What a request of the round was for: check data (DESIGN's budget of 14), or the rest. */
export type RequestKind = 'check suites' | 'workflow runs' | 'check runs' | 'statuses' | 'annotations' | 'jobs' | 'log' | 'other GitHub'

/** The kind of a request the simulator recorded, from its path; null for a request to the Mintlify API. */
export function requestKind(path: string): RequestKind | null {
  if (path.startsWith('/_sim/job-logs/') || /\/actions\/jobs\/\d+\/logs$/.test(path)) return 'log'
  if (!path.startsWith('/api/')) return null
  if (/\/check-runs\/\d+\/annotations$/.test(path)) return 'annotations'
  if (/\/commits\/[^/]+\/check-suites$/.test(path)) return 'check suites'
  if (path.endsWith('/actions/runs')) return 'workflow runs'
  if (/\/commits\/[^/]+\/check-runs$/.test(path)) return 'check runs'
  if (/\/commits\/[^/]+\/status$/.test(path)) return 'statuses'
  if (/\/actions\/runs\/\d+\/jobs$/.test(path)) return 'jobs'
  return 'other GitHub'
}

const CHECK_DATA: readonly RequestKind[] = ['check suites', 'workflow runs', 'check runs', 'statuses', 'annotations', 'jobs', 'log']

export interface RoundCost {
  outcome: string
  /** GitHub requests of the round by kind (the log: its redirect and its download). */
  requests: Record<RequestKind, number>
  checkData: number
  total: number
  /** The follow-up's prompt, and the `checks` block inside it, in characters. */
  messageChars: number
  blockChars: number
}

/** Counts the GitHub requests among `requests` by kind. */
export function countRequests(requests: readonly RecordedRequest[]): Pick<RoundCost, 'requests' | 'checkData' | 'total'> {
  const counts: Record<RequestKind, number> = {
    'check suites': 0,
    'workflow runs': 0,
    'check runs': 0,
    statuses: 0,
    annotations: 0,
    jobs: 0,
    log: 0,
    'other GitHub': 0
  }
  for (const request of requests) {
    const kind = requestKind(request.path)
    if (kind) counts[kind]++
  }
  const checkData = CHECK_DATA.reduce((sum, kind) => sum + counts[kind], 0)
  return { requests: counts, checkData, total: checkData + counts['other GitHub'] }
}

/**
 * A failed CI job's log as GitHub serves it: a timestamp before each line, ANSI colours, `##[group]Run …`
 * at each step's start, and the error at the end of the failed step, `lines` lines in all.
 */
export function longJobLog(lines: number): string {
  const stamp = (i: number): string =>
    `2026-03-02T10:${String(Math.floor(i / 600) % 60).padStart(2, '0')}:00.${String(i).padStart(7, '0')}Z`
  const head = [
    '##[group]Run actions/checkout@v4',
    'Syncing repository: octo-org/docs',
    '##[endgroup]',
    '##[group]Run npx mint broken-links'
  ]
  const tail = [
    '\x1b[31m✖\x1b[0m 3 broken links found',
    '##[error]guides/quickstart.mdx:12: /docs/old-install is not a page',
    '##[error]Process completed with exit code 1.'
  ]
  const body = Array.from(
    { length: lines - head.length - tail.length },
    (_, i) => `\x1b[90mchecked\x1b[0m pages/page-${String(i).padStart(5, '0')}.mdx: 14 links, all found`
  )
  return [...head, ...body, ...tail].map((line, i) => `${stamp(i)} ${line}`).join('\n') + '\n'
}

/** The `<untrusted-data source="checks">` block of a prompt, tags included; '' when it has none. */
export function checksBlock(prompt: string): string {
  return /<untrusted-data source="checks">[\s\S]*?<\/untrusted-data>/.exec(prompt)?.[0] ?? ''
}

/** An agent job whose pull request opens in the docs repository (REPO here), then a round on its failing checks. */
export async function measureFixChecksRound(): Promise<RoundCost> {
  const sim: Simulator = await startSimulator({ repository: REPO_URL })
  try {
    const base = { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, 'poll-interval': '100ms' }
    const runner = { githubApiUrl: `${sim.url}/api/v3`, repository: REPO, killAfterMs: 120_000 }
    // The agent's pull request, introduced by the job's run with its signed marker.
    const job = await runAction({
      ...runner,
      eventName: 'workflow_dispatch',
      event: {},
      inputs: { ...base, prompt: 'Document the rate limits.' }
    })
    const pull = Number(job.outputs['pr-number'])
    if (job.outputs.outcome !== 'pr-opened' || !pull) throw new Error(`the agent's pull request was not opened: ${job.log}`)
    sim.github.pushToPull(REPO, pull, HEAD)

    sim.github.addCheckRun(REPO, {
      sha: HEAD,
      name: 'Mintlify Validation (docs) - link-rot',
      conclusion: 'failure',
      title: `${ANNOTATIONS} broken links`,
      summary: `Found ${ANNOTATIONS} broken links in 12 files.`,
      annotations: Array.from({ length: ANNOTATIONS }, (_, i) => ({
        path: `guides/page-${String(i % 12).padStart(2, '0')}.mdx`,
        startLine: 10 + i,
        message: `/docs/old-page-${i} is not a page`
      }))
    })
    sim.github.addCheckRun(REPO, { sha: HEAD, name: 'Mintlify Deployment', conclusion: 'success', title: 'Deployed' })
    sim.github.addWorkflowJob(REPO, {
      sha: HEAD,
      name: 'links',
      workflowName: 'Docs CI',
      steps: [{ name: 'Set up job' }, { name: 'Run actions/checkout@v4' }, { name: 'Run npx mint broken-links', conclusion: 'failure' }],
      log: longJobLog(LOG_LINES)
    })

    const before = sim.requests.length
    const round = await runAction({
      ...runner,
      eventName: 'check_suite',
      event: checkSuitePayload({ sha: HEAD, pulls: [{ number: pull }] }),
      inputs: base
    })
    const requests = sim.requests.slice(before)
    const message = requests.find((request) => request.method === 'POST' && request.path.endsWith('/message'))
    if (!message) throw new Error(`the round sent no message (outcome ${round.outputs.outcome ?? 'none'}): ${round.log}`)
    const prompt = (JSON.parse(message.body) as { prompt: string }).prompt
    return {
      outcome: round.outputs.outcome ?? '',
      ...countRequests(requests),
      messageChars: prompt.length,
      blockChars: checksBlock(prompt).length
    }
  } finally {
    await sim.close()
  }
}

/** The bench's rows: the round's GitHub requests and its message. */
export function fixChecksRows(cost: RoundCost): [string, string, string][] {
  const byKind = CHECK_DATA.map((kind) => `${kind} ${cost.requests[kind]}`).join(', ')
  return [
    [
      `fix-checks round, ${ANNOTATIONS} annotations and a ${LOG_LINES.toLocaleString('en-US')}-line log: GitHub requests`,
      String(cost.total),
      `${cost.checkData} of check data (budget ≤ 14): ${byKind}, a log being its redirect and its download; ${cost.requests['other GitHub']} for the pull request, the token's identity, the comments with its record and the sticky comment; outcome ${cost.outcome}`
    ],
    [
      'fix-checks round: the message sent to the agent',
      `${cost.messageChars.toLocaleString('en-US')} characters`,
      `the checks block ${cost.blockChars.toLocaleString('en-US')} of at most 8,000: 10 of ${ANNOTATIONS} annotations, the last 40 lines of ${LOG_LINES.toLocaleString('en-US')}`
    ]
  ]
}
