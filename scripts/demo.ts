/**
 * `npm run demo`: the action end to end on this machine. Starts the simulator (fake Mintlify API and fake
 * GitHub REST API on 127.0.0.1), then runs dist/index.js exactly as the runner would through a push, a
 * slash command with a follow-up, an analytics export and a docs-health report, and prints what a user would see: the log,
 * the step outputs, the job summary, and the comments posted.
 */
import { startSimulator, type Simulator } from '../simulator/index.js'
import { buildIfStale } from './dist-freshness.js'
import { type ActionRun, PROJECT_ROOT, runAction, type RunOptions } from './run-action.js'
import { commentPayload, PULL, PUSH_SHA, pushPayload, REPO, REPO_URL, schedulePayload, seedHelloWorld } from './webhook-payloads.js'

const bold = (text: string): string => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)

async function step(
  sim: Simulator,
  title: string,
  options: Omit<RunOptions, 'inputs'> & { inputs: Record<string, string> }
): Promise<ActionRun> {
  console.log(`\n${bold(`━━ ${title} ━━`)}`)
  const run = await runAction({
    githubApiUrl: `${sim.url}/api/v3`,
    repository: REPO,
    ...options,
    inputs: { 'api-key': sim.apiKey, 'project-id': sim.projectId, 'base-url': sim.url, 'poll-interval': '500ms', ...options.inputs }
  })
  console.log(bold('log:'))
  console.log(indent(run.log.trimEnd()))
  if (run.stderr.trim()) console.log(indent(run.stderr.trimEnd()))
  console.log(bold(`exit code: ${run.exitCode}, ${run.durationMs} ms`))
  console.log(bold('outputs:'))
  for (const [name, value] of Object.entries(run.outputs))
    console.log(indent(`${name} = ${value.length > 160 ? `${value.slice(0, 160)}…` : value}`))
  console.log(bold('job summary:'))
  console.log(indent(run.summary.trimEnd()))
  const printed = [run.log, run.stderr, run.summary, JSON.stringify(run.outputs), ...sim.github.comments(REPO, PULL).map((c) => c.body)]
  if (printed.some((text) => text.includes(sim.apiKey))) throw new Error('The API key was printed: this is a bug.')
  return run
}

/** The comments on a pull request as GitHub would list them, with their reactions. */
function printComments(sim: Simulator, number: number): void {
  console.log(`\n${bold(`━━ Comments on ${REPO}#${number} ━━`)}`)
  for (const comment of sim.github.comments(REPO, number)) {
    const reactions = comment.reactions.length ? `  reactions: ${comment.reactions.join(', ')}` : ''
    console.log(bold(`@${comment.user.login} (comment ${comment.id})${reactions}`))
    console.log(indent(comment.body.trimEnd()))
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}

async function main(): Promise<void> {
  buildIfStale(PROJECT_ROOT, console.log)
  const sim = await startSimulator({ repository: REPO_URL })
  seedHelloWorld(sim)
  console.log(`Simulator listening on ${sim.url}: the Mintlify API, and GitHub's REST API under /api/v3.`)
  try {
    // 1. A push whose commit belongs to PR #2: the agent documents it and the result goes to PR #2.
    sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 3 })
    const push = await step(sim, '1. push: create an agent job, wait for its pull request, report on PR #2', {
      eventName: 'push',
      event: pushPayload(),
      inputs: { prompt: 'Document the changes in this push in the API reference.' }
    })
    const agentPull = Number(push.outputs['pr-number'])

    // 2. A reply on the agent's own pull request becomes a follow-up message to the same job.
    sim.scriptNextMessage({ outcome: 'pr', afterPolls: 2 })
    await step(sim, `2. slash command: "/docs …" on the agent's PR #${agentPull} sends a follow-up`, {
      eventName: 'issue_comment',
      event: commentPayload(sim, { body: '/docs Also add an example with a custom rate limit.', on: agentPull, pullRequest: true }),
      inputs: {}
    })

    // 3. The weekly analytics export: unique visitors, human vs AI, to CSV and the summary.
    sim.analytics.setData({ paths: 1200 })
    await step(sim, '3. analytics: export unique visitors (human vs AI) to a CSV file', {
      eventName: 'schedule',
      event: schedulePayload(),
      inputs: { operation: 'visitors', 'date-from': '2026-10-01', 'date-to': '2026-11-01', 'output-file': 'analytics/visitors.csv' }
    })

    // 4. The weekly docs-health report, with what readers struggled with planted in the simulator's data.
    sim.analytics.setData({ paths: 200 })
    sim.analytics.plantThumbsDown('/docs/page-000003', 8)
    sim.analytics.plantDeadSearch('sso saml', 30)
    sim.analytics.plantUnansweredCategory('billing', 10, '/docs/page-000002')
    await step(sim, '4. docs health: a weekly report (traffic, pages to fix first, dead searches, unanswered questions)', {
      eventName: 'schedule',
      event: schedulePayload(),
      inputs: { operation: 'report', 'date-from': '2026-03-01', 'date-to': '2026-03-08', 'output-file': 'docs-health/report.json' }
    })

    printComments(sim, PULL)
    printComments(sim, agentPull)
    console.log(`\n${bold('Requests the simulator received:')}`)
    for (const request of sim.requests) console.log(indent(`${request.method} ${request.path}`))
  } finally {
    await sim.close()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
