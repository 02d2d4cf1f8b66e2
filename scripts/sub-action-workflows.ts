/**
 * The one complete workflow each sub-action's README shows, and the page of docs/ that tells the rest.
 * Kept here, not in src/sub-actions.ts, so the bundle does not carry them; the snippet checks and the
 * end-to-end test of each sub-action read them from the README the build writes.
 */
import type { SubActionName } from '../src/sub-action-names.js'

/** Who publishes the action: the owner/name every workflow's `uses:` names. */
export const ACTION_REPOSITORY = 'your-org/docs-agent-action'

export interface SubActionPage {
  /** The page of docs/ about the job, relative to the project root. */
  page: string
  /** The event the workflow is shown for (its end-to-end test sends one). */
  event: string
  /** The workflow, complete: its action step names the sub-action. */
  workflow: string
}

const uses = (name: SubActionName): string => `${ACTION_REPOSITORY}/${name}@v1`

const KEY_INPUTS = `          api-key: \${{ secrets.MINTLIFY_API_KEY }}
          project-id: \${{ vars.MINTLIFY_PROJECT_ID }}`

export const SUB_ACTION_PAGES: Record<SubActionName, SubActionPage> = {
  agent: {
    page: 'docs/agent-jobs.md',
    event: 'push',
    workflow: `name: Docs agent on push
on:
  push:
    branches: [main]
    paths: ['src/**']
concurrency:
  group: docs-agent-\${{ github.ref }}
  cancel-in-progress: false
permissions:
  contents: read
  issues: write
  pull-requests: write
jobs:
  docs:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('agent')}
        with:
${KEY_INPUTS}
          prompt: Update the documentation for the changes in this push.
`
  },
  message: {
    page: 'docs/agent-jobs.md',
    event: 'workflow_dispatch',
    workflow: `name: Docs agent follow-up
on:
  workflow_dispatch:
    inputs:
      job-id:
        description: The agent job to follow up
        required: true
      prompt:
        description: The follow-up
        required: true
permissions:
  contents: read
  issues: write
  pull-requests: write
jobs:
  follow-up:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('message')}
        with:
${KEY_INPUTS}
          job-id: \${{ inputs.job-id }}
          prompt: \${{ inputs.prompt }}
`
  },
  'docs-check': {
    page: 'docs/docs-check.md',
    event: 'pull_request_target',
    workflow: `name: Docs check
on:
  pull_request_target:
    types: [opened, synchronize, reopened, edited, closed]
permissions:
  contents: read
  issues: write
  pull-requests: write
  statuses: write
jobs:
  docs:
    concurrency:
      group: docs-check-\${{ github.event.pull_request.number }}
      cancel-in-progress: false
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('docs-check')}
        with:
${KEY_INPUTS}
          prompt: Document the changes of this pull request.
          paths: |
            src/**
            !src/**/*.test.ts
`
  },
  'fix-checks': {
    page: 'docs/fix-checks.md',
    event: 'check_suite',
    workflow: `name: Docs agent fixes its checks
on:
  check_suite:
    types: [completed]
permissions:
  checks: read
  actions: read
  statuses: read
  pull-requests: write
jobs:
  fix:
    if: github.event.check_suite.head_branch != null
    concurrency:
      group: docs-fix-checks-\${{ github.event.check_suite.head_sha }}
      cancel-in-progress: false
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('fix-checks')}
        with:
${KEY_INPUTS}
          fix-checks: 2
`
  },
  analytics: {
    page: 'docs/analytics.md',
    event: 'schedule',
    workflow: `name: Weekly docs analytics
on:
  schedule:
    - cron: '0 6 * * 1'
permissions:
  contents: read
jobs:
  export:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('analytics')}
        with:
${KEY_INPUTS}
          export: visitors
          date-from: 7d
          output-file: analytics/visitors.csv
      - uses: actions/upload-artifact@v4
        with:
          name: docs-analytics
          path: analytics/
`
  },
  report: {
    page: 'docs/docs-health.md',
    event: 'schedule',
    workflow: `name: Weekly docs health
on:
  schedule:
    - cron: '0 6 * * 1'
permissions:
  contents: read
  pull-requests: read
jobs:
  report:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('report')}
        with:
${KEY_INPUTS}
          output-file: docs-health.json
      - uses: actions/upload-artifact@v4
        with:
          name: docs-health
          path: docs-health.json
`
  },
  improve: {
    page: 'docs/docs-health.md',
    event: 'schedule',
    workflow: `name: Weekly docs improvement
on:
  schedule:
    - cron: '0 6 * * 1'
permissions:
  contents: read
  issues: write
  pull-requests: write
jobs:
  improve:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('improve')}
        with:
${KEY_INPUTS}
          prompt: Fix the pages readers struggled with most this week.
          timeout: 1h
`
  },
  deploy: {
    page: 'docs/deployments.md',
    event: 'release',
    workflow: `name: Redeploy the docs when the API ships
on:
  release:
    types: [published]
permissions:
  contents: read
  deployments: write
jobs:
  deploy:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('deploy')}
        with:
${KEY_INPUTS}
          environment: docs
`
  },
  preview: {
    page: 'docs/deployments.md',
    event: 'push',
    workflow: `name: Docs preview
on:
  push:
    branches-ignore: [main]
    paths: ['docs/**']
concurrency:
  group: docs-preview-\${{ github.ref }}
  cancel-in-progress: true
permissions:
  contents: read
  pull-requests: write
  deployments: write
jobs:
  preview:
    runs-on: ubuntu-latest
    environment: docs-agent-previews
    steps:
      - uses: ${uses('preview')}
        with:
${KEY_INPUTS}
          environment: docs-preview
          docs-path: docs
`
  },
  automation: {
    page: 'docs/deployments.md',
    event: 'workflow_dispatch',
    workflow: `name: Docs automation
on:
  workflow_dispatch:
permissions:
  contents: read
jobs:
  automation:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('automation')}
        with:
${KEY_INPUTS}
          automation-id: \${{ vars.MINTLIFY_AUTOMATION_ID }}
`
  },
  'static-export': {
    page: 'docs/static-export.md',
    event: 'workflow_dispatch',
    workflow: `name: Static docs bundle
on:
  workflow_dispatch:
permissions:
  contents: read
jobs:
  export:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('static-export')}
        with:
${KEY_INPUTS}
          export-base-path: /docs
          timeout: 1h
      - uses: actions/upload-artifact@v4
        with:
          name: static-docs
          path: docs-static-export.tar.gz
`
  },
  sweep: {
    page: 'docs/sweep.md',
    event: 'schedule',
    workflow: `name: Docs agent's pull requests, looked after
on:
  schedule:
    - cron: '0 7 * * 1'
  workflow_dispatch:
permissions:
  issues: write
  pull-requests: write
concurrency:
  group: docs-sweep
  cancel-in-progress: false
jobs:
  sweep:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('sweep')}
        with:
${KEY_INPUTS}
          stale-days: 7
          orphans: comment
      - uses: actions/upload-artifact@v4
        with:
          name: docs-sweep
          path: docs-sweep.json
`
  },
  translations: {
    page: 'docs/translations.md',
    event: 'schedule',
    workflow: `name: Translations that lag their source
on:
  schedule:
    - cron: '0 6 * * 1'
  workflow_dispatch:
    inputs:
      translate:
        description: Start an agent job for the stalest language
        type: boolean
        default: false
permissions:
  contents: read
  issues: write
  pull-requests: write
jobs:
  translations:
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
          persist-credentials: false
      - uses: ${uses('translations')}
        with:
${KEY_INPUTS}
          translate: \${{ inputs.translate }}
      - uses: actions/upload-artifact@v4
        if: always()
        with:
          name: docs-translations
          path: docs-translations.json
`
  },
  gate: {
    page: 'docs/reference.md',
    event: 'issue_comment',
    workflow: `name: Docs slash command behind the gate
on:
  issue_comment:
    types: [created]
permissions:
  issues: write
  pull-requests: write
jobs:
  gate:
    if: startsWith(github.event.comment.body, '/docs')
    runs-on: ubuntu-latest
    outputs:
      steer: \${{ steps.gate.outputs.steer }}
    steps:
      - uses: ${uses('gate')}
        id: gate
  docs:
    needs: gate
    if: needs.gate.outputs.steer == 'true'
    concurrency:
      group: docs-agent-\${{ github.event.issue.number }}
      cancel-in-progress: false
    runs-on: ubuntu-latest
    environment: docs-agent
    steps:
      - uses: ${uses('agent')}
        with:
${KEY_INPUTS}
`
  }
}
