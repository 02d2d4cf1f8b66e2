/**
 * `npm run demo`: the action end to end on this machine. Starts the simulator (fake Mintlify API and fake
 * GitHub REST API on 127.0.0.1), then runs dist/index.js exactly as the runner would through a push in a
 * code repository whose agent pull request opens in a docs repository (introduced there), a second push
 * grouped into that pull request (`group-runs`), a `/docs` follow-up on that pull request run by the docs
 * repository's own workflow, a preview of the agent's branch (its sticky comment and GitHub deployment), a
 * link-rot check failing on the agent's pull request (answered by one follow-up; the agent's next head
 * passes), a production deploy, a dry run, an analytics export, a docs-health report (with the agent's track record), and a code pull request's docs
 * check (pending, then documented; a push of tests only carried over; `/docs skip` on another pull request;
 * merged: noted on the agent's pull request), and prints what a user would see: the log, the step outputs,
 * the job summary, the comments posted in both repositories and the commit statuses.
 */
import { SIM_GITHUB_TOKEN, type SimComment, startSimulator, type Simulator } from '../simulator/index.js'
import { plantTrackRecord } from './demo-track-record.js'
import { twoLanguageSite } from './demo-translations.js'
import { buildIfStale } from './dist-freshness.js'
import { type ActionRun, PROJECT_ROOT, runAction, type RunOptions } from './run-action.js'
import {
  checkSuitePayload,
  COMMENTER,
  commentPayload,
  PULL,
  pullRequestOpened,
  PUSH_SHA,
  pushPayload,
  REPO,
  reviewCommentPayload,
  schedulePayload,
  seedHelloWorld
} from '../__tests__/fixtures/webhook-payloads.js'

/** The docs live in a repository of their own; the agent opens its pull requests there. */
const DOCS = 'Codertocat/docs'
/** The GitHub App installed on both repositories: the code workflow's token (from actions/create-github-app-token). */
const APP_TOKEN = 'ghs_demo_app_installation'
const APP_LOGIN = 'docs-agent-app[bot]'

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
  // Everything sent to GitHub (comments in both repositories, reactions) is checked, not just what is printed.
  const printed = [run.log, run.stderr, run.summary, JSON.stringify(run.outputs), ...sim.githubRequests().map((r) => r.body)]
  if (printed.some((text) => text.includes(sim.apiKey))) throw new Error('The API key was printed: this is a bug.')
  return run
}

/** The comments on a pull request as GitHub would list them, with their reactions. */
function printComments(sim: Simulator, repo: string, number: number): void {
  console.log(`\n${bold(`━━ Comments on ${repo}#${number} ━━`)}`)
  for (const comment of sim.github.comments(repo, number)) printComment(comment, 'comment')
  // Review threads, on a pull request: each reply names the comment it answers.
  for (const comment of sim.github.reviewComments(repo, number))
    printComment(comment, comment.in_reply_to_id ? `reply to review comment ${comment.in_reply_to_id}` : 'review comment')
}

function printComment(comment: SimComment, kind: string): void {
  const reactions = comment.reactions.length ? `  reactions: ${comment.reactions.join(', ')}` : ''
  console.log(bold(`@${comment.user.login} (${kind} ${comment.id})${reactions}`))
  console.log(indent(comment.body.trimEnd()))
}

/** The agent's pull request as GitHub serves it: its head branch and commit. */
async function agentHead(sim: Simulator, agentPull: number): Promise<{ ref: string; sha: string }> {
  const answer = await fetch(`${sim.url}/api/v3/repos/${DOCS}/pulls/${agentPull}`, {
    headers: { authorization: `token ${SIM_GITHUB_TOKEN}` }
  })
  return ((await answer.json()) as { head: { ref: string; sha: string } }).head
}

/** A pull_request event of the agent's own pull request in the docs repository, and a preview of its branch. */
async function previewAgentBranch(sim: Simulator, agentPull: number): Promise<void> {
  const head = await agentHead(sim, agentPull)
  sim.github.setPullFiles(DOCS, agentPull, [
    { filename: 'api-reference/rate-limits.mdx', status: 'added' },
    { filename: 'quickstart.mdx', status: 'modified' },
    { filename: 'snippets/limits-table.mdx', status: 'modified' }
  ])
  const opened = pullRequestOpened()
  const docsRepo = { full_name: DOCS, fork: false }
  Object.assign(opened.pull_request, {
    number: agentPull,
    html_url: `https://github.com/${DOCS}/pull/${agentPull}`,
    head: { ref: head.ref, sha: head.sha, repo: docsRepo },
    base: { ref: 'main', repo: docsRepo }
  })
  await step(sim, `2b. preview of the agent's branch ${head.ref} on ${DOCS}#${agentPull}: one sticky comment and a GitHub deployment`, {
    eventName: 'pull_request',
    event: opened,
    repository: DOCS,
    inputs: { operation: 'preview', environment: 'docs-preview' }
  })
  printComments(sim, DOCS, agentPull)
  printDeployments(sim, DOCS)
}

/** A `check_suite` completed event of Mintlify's App on a commit of the agent's pull request in the docs repository. */
function mintlifySuiteCompleted(agentPull: number, sha: string, conclusion: string): Record<string, unknown> {
  const payload = checkSuitePayload({ sha, pulls: [{ number: agentPull }], conclusion })
  const api = `https://api.github.com/repos/${DOCS}`
  const suite = payload.check_suite as {
    pull_requests: { url: string; head: { repo: { url: string } }; base: { repo: { url: string } } }[]
  }
  for (const pull of suite.pull_requests) {
    pull.url = `${api}/pulls/${agentPull}`
    pull.head.repo.url = api
    pull.base.repo.url = api
  }
  payload.repository = { ...(payload.repository as Record<string, unknown>), name: DOCS.split('/')[1], full_name: DOCS }
  return payload
}

/**
 * 2c. The docs repository's fix-checks workflow (docs/fix-checks.md): Mintlify's link-rot check fails on the
 * agent's pull request, and the run hands the failure to the agent as one follow-up; the agent pushes its
 * fix, the checks on the new head pass, and the next wake-up finds nothing failed.
 */
async function fixChecks(sim: Simulator, agentPull: number): Promise<void> {
  const inputs = { 'marker-authors': APP_LOGIN, 'fix-checks': '2' }
  const { sha } = await agentHead(sim, agentPull)
  sim.github.addCheckRun(DOCS, { sha, name: 'Mintlify Deployment', conclusion: 'success', title: 'Deployment succeeded' })
  sim.github.addCheckRun(DOCS, {
    sha,
    name: 'Mintlify Validation (docs) - link-rot',
    conclusion: 'failure',
    title: '2 broken links',
    summary: 'Found 2 broken links in 1 file.',
    annotations: [
      { path: 'api-reference/rate-limits.mdx', startLine: 14, message: 'Broken link: /api-reference/errors#429 is not a page' },
      { path: 'api-reference/rate-limits.mdx', startLine: 31, message: 'Broken link: /guides/retries is not a page' }
    ]
  })
  sim.scriptNextMessage({ outcome: 'pr', afterPolls: 2 })
  // The job summary shows the message the agent received; the sticky comment on its pull request, the round.
  await step(sim, `2c. fix-checks: link-rot fails on ${DOCS}#${agentPull} at ${sha.slice(0, 7)}: one follow-up hands it to the agent`, {
    eventName: 'check_suite',
    event: mintlifySuiteCompleted(agentPull, sha, 'failure'),
    repository: DOCS,
    inputs
  })
  printComments(sim, DOCS, agentPull)

  // The agent pushes its fix; every check on the new head passes.
  const fixed = 'f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1'
  sim.github.pushToPull(DOCS, agentPull, fixed)
  for (const name of ['Mintlify Deployment', 'Mintlify Validation (docs) - link-rot'])
    sim.github.addCheckRun(DOCS, { sha: fixed, name, conclusion: 'success' })
  await step(sim, `2d. fix-checks: the agent's fix ${fixed.slice(0, 7)} passes: nothing failed, nothing sent`, {
    eventName: 'check_suite',
    event: mintlifySuiteCompleted(agentPull, fixed, 'success'),
    repository: DOCS,
    inputs
  })
}

/** The GitHub deployments of a repository with their statuses, as the environments page lists them. */
function printDeployments(sim: Simulator, repo: string): void {
  console.log(`\n${bold(`━━ GitHub deployments of ${repo} ━━`)}`)
  for (const deployment of sim.github.deployments(repo)) {
    const statuses = deployment.statuses.map((status) => `${status.state}${status.environment_url ? ` (${status.environment_url})` : ''}`)
    console.log(indent(`#${deployment.id} ${deployment.environment} @ ${deployment.sha.slice(0, 7)}: ${statuses.join(' → ')}`))
  }
}

/** The commit statuses of a commit, as the pull request's checks list them. */
function printStatuses(sim: Simulator, sha: string): void {
  console.log(`\n${bold(`━━ Commit statuses of ${sha.slice(0, 7)} ━━`)}`)
  for (const status of sim.github.statuses(REPO, sha))
    console.log(indent(`${status.context}: ${status.state}, "${status.description ?? ''}" → ${status.target_url ?? ''}`))
}

/**
 * 6. The docs check on code pull requests (docs/docs-check.md's workflow): #7 changes src/, so a job starts
 * (pending, then documented with the agent's pull request); a push of tests only carries the status over;
 * `/docs skip` on #8 turns its check green with no job; #7 merged tells the agent's pull request.
 */
async function docsCheck(sim: Simulator): Promise<void> {
  const [head, next] = ['7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a', '7b7b7b7b7b7b7b7b7b7b7b7b7b7b7b7b7b7b7b7b']
  for (const [number, headSha, files] of [
    [7, head, ['src/limits.ts', 'src/limits.test.ts']],
    [8, '8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a8a', ['src/internal/cache.ts']]
  ] as const)
    sim.github.addIssue(REPO, {
      number,
      title: `Change ${number}`,
      user: COMMENTER,
      pullRequest: true,
      headRef: `change-${number}`,
      headSha,
      files: [...files]
    })
  sim.github.setCompare(REPO, head, next, { files: ['src/limits.test.ts'] })
  const inputs = {
    prompt: 'Document the changes of this pull request.',
    'github-token': APP_TOKEN,
    'group-runs': 'true',
    'docs-repository': DOCS,
    'status-context': 'docs',
    paths: 'src/**\n!src/**/*.test.ts'
  }
  const pull = (action: string, extra: Record<string, unknown> = {}, changes: Record<string, unknown> = {}): unknown => {
    const payload = pullRequestOpened()
    Object.assign(payload, { action, number: 7, ...extra })
    Object.assign(payload.pull_request, { number: 7, html_url: `https://github.com/${REPO}/pull/7`, ...changes })
    return payload
  }
  sim.scriptNextJob({ outcome: 'pr', afterPolls: 2 })
  const opened = await step(sim, `6. docs check: ${REPO}#7 opened, changing src/: pending, then documented`, {
    eventName: 'pull_request_target',
    event: pull('opened', {}, { head: { ref: 'change-7', sha: head, repo: { full_name: REPO } } }),
    inputs
  })
  printStatuses(sim, head)
  await step(sim, `6b. docs check: a push of tests only to ${REPO}#7: no job, the status carried over`, {
    eventName: 'pull_request_target',
    event: pull('synchronize', { before: head, after: next }, { head: { ref: 'change-7', sha: next, repo: { full_name: REPO } } }),
    inputs
  })
  printStatuses(sim, next)
  await step(sim, `6c. docs check: /docs skip on ${REPO}#8: green, no job`, {
    eventName: 'issue_comment',
    event: commentPayload(sim, { body: '/docs skip internal cache, nothing user-facing', on: 8, pullRequest: true }),
    inputs
  })
  printComments(sim, REPO, 8)
  await step(sim, `6d. docs check: ${REPO}#7 merged: its agent pull request is told`, {
    eventName: 'pull_request_target',
    event: pull('closed', {}, { state: 'closed', merged: true, merge_commit_sha: '7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c7c' }),
    inputs
  })
  printComments(sim, DOCS, Number(opened.outputs['pr-number']))
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n')
}

async function main(): Promise<void> {
  buildIfStale(PROJECT_ROOT, console.log)
  const sim = await startSimulator({ repository: `https://github.com/${DOCS}` })
  seedHelloWorld(sim)
  sim.github.setPermission(DOCS, COMMENTER, 'write')
  sim.github.addToken(APP_TOKEN, { identity: APP_LOGIN, repositories: { [REPO]: 'write', [DOCS]: 'write' } })
  console.log(`Simulator listening on ${sim.url}: the Mintlify API, and GitHub's REST API under /api/v3.`)
  console.log(`Code repository ${REPO}, docs repository ${DOCS}; the code workflow uses the token of the App ${APP_LOGIN}.`)
  try {
    // 1. A push in the code repository whose commit belongs to PR #2: the agent opens its PR in the docs
    //    repository; the result goes to PR #2, and the job is introduced on the agent's PR.
    //    group-runs: the introduction records the workflow and branch, for the pushes after it.
    sim.github.linkCommit(REPO, PUSH_SHA, [PULL])
    sim.scriptNextJob({ outcome: 'pr', afterPolls: 3 })
    const pushInputs = {
      prompt: 'Document the changes in this push in the API reference.',
      'github-token': APP_TOKEN,
      'group-runs': 'true',
      'docs-repository': DOCS
    }
    const push = await step(sim, `1. push in ${REPO}: the agent opens its pull request in ${DOCS}, introduced there`, {
      eventName: 'push',
      event: pushPayload(),
      inputs: pushInputs
    })
    const agentPull = Number(push.outputs['pr-number'])

    // 1b. A second push to the same branch: group-runs finds the open agent pull request of this workflow and
    //     branch, sends the push to its job as a follow-up, and adds the run to the introduction's timeline.
    sim.scriptNextMessage({ outcome: 'pr', afterPolls: 2 })
    const secondPush = pushPayload()
    secondPush.after = 'c0ffee0000000000000000000000000000000002'
    secondPush.commits = [{ message: 'Add the Retry-After header to 429 answers', added: [], modified: ['src/limits.ts'], removed: [] }]
    await step(sim, `1b. a second push in ${REPO}: grouped into ${DOCS}#${agentPull} as a follow-up to the same job`, {
      eventName: 'push',
      event: secondPush,
      inputs: pushInputs
    })

    // 2. A review comment on a line of the agent's PR, run by the docs repository's workflow with its own
    //    token: the App's marker is trusted through marker-authors, so it is a follow-up to the same job,
    //    carrying the file, line and diff hunk; the status is a reply in that review thread.
    sim.scriptNextMessage({ outcome: 'pr', afterPolls: 2 })
    const reply = reviewCommentPayload(sim, {
      body: '/docs Also add an example with a custom rate limit here.',
      on: agentPull,
      repo: DOCS
    })
    await step(sim, `2. /docs review comment on ${DOCS}#${agentPull}: a follow-up to the same job, answered in its thread`, {
      eventName: 'pull_request_review_comment',
      event: reply,
      repository: DOCS,
      inputs: { 'marker-authors': APP_LOGIN }
    })

    // 2b. The docs repository previews the agent's branch on its pull request: one sticky comment (building,
    //     then ready with the changed pages) and a GitHub deployment in docs-preview ("View deployment").
    await previewAgentBranch(sim, agentPull)

    // 2c, 2d. The agent's pull request fails Mintlify's link-rot check: fix-checks hands it back to the agent.
    await fixChecks(sim, agentPull)

    // 2e. The production deploy, recorded in the docs environment, with the site's link and screenshot.
    await step(sim, `2e. deploy: a production deploy of the docs, recorded in the docs environment of ${DOCS}`, {
      eventName: 'workflow_dispatch',
      event: {},
      repository: DOCS,
      inputs: { operation: 'deploy', environment: 'docs' }
    })
    printDeployments(sim, DOCS)

    // 3. The first thing to try when setting up: a dry run shows the prompt and its context, sends nothing.
    await step(sim, '3. dry run: the prompt and its context, nothing sent, nothing written', {
      eventName: 'push',
      event: pushPayload(),
      inputs: { prompt: 'Document the changes in this push in the API reference.', 'dry-run': 'true' }
    })

    // 4. The weekly analytics export: unique visitors, human vs AI, to CSV and the summary.
    sim.analytics.setData({ paths: 1200 })
    await step(sim, '4. analytics: export unique visitors (human vs AI) to a CSV file', {
      eventName: 'schedule',
      event: schedulePayload(),
      inputs: { operation: 'visitors', 'date-from': '2026-10-01', 'date-to': '2026-11-01', 'output-file': 'analytics/visitors.csv' }
    })

    // 5. The weekly docs-health report, with what readers struggled with planted in the simulator's data,
    // and the agent's track record: its merged pull requests in the docs repository, and the weeks around them.
    plantTrackRecord(sim, DOCS)
    sim.analytics.plantThumbsDown('/docs/page-000003', 8)
    sim.analytics.plantDeadSearch('sso saml', 30)
    sim.analytics.plantUnansweredCategory('billing', 10, '/docs/page-000002')
    await step(
      sim,
      "5. docs health: a weekly report (traffic, pages to fix first, dead searches, unanswered questions, the agent's track record)",
      {
        eventName: 'schedule',
        event: schedulePayload(),
        inputs: {
          operation: 'report',
          'date-from': '2026-03-01',
          'date-to': '2026-03-08',
          'output-file': 'docs-health/report.json',
          'docs-repository': DOCS,
          'max-requests': '50'
        }
      }
    )

    await docsCheck(sim)

    // 7. A site in English and French: the weekly report from the repository's history, then one job for French.
    await step(sim, '7. translations: which French pages lag their English source, from the history alone (no request)', {
      eventName: 'schedule',
      event: schedulePayload(),
      prepare: twoLanguageSite,
      inputs: { operation: 'translations', 'api-key': '', 'project-id': '' }
    })
    await step(sim, '7b. translations with translate: true: one agent job brings the French pages up to date', {
      eventName: 'workflow_dispatch',
      event: {},
      prepare: twoLanguageSite,
      inputs: { operation: 'translations', translate: 'true', comment: 'false' }
    })

    printComments(sim, REPO, PULL)
    printComments(sim, DOCS, agentPull)
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
