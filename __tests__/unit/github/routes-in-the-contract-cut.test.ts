/**
 * Every GitHub REST route the action calls is in the contract cut of GitHub's description
 * (__tests__/contracts/github-openapi.json), so that the contract suite checks its requests: a new call in
 * src/ whose route the cut lacks fails here, naming it (add its operation id to scripts/cut-github-openapi.ts
 * and run `npm run cut-github-openapi`). Calls are found as Octokit's methods (`octokit.rest.git.createRef`,
 * whose route Octokit's own endpoint table gives) and as routes written out (`octokit.request('GET …')`).
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../../scripts/run-action.js'

const CUT = join(PROJECT_ROOT, '__tests__', 'contracts', 'github-openapi.json')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []
  )
}

/** `METHOD /path/{param}` of every REST call in src/. */
async function calledRoutes(): Promise<string[]> {
  const { getOctokit } = await import('@actions/github')
  const rest = getOctokit('unused').rest as unknown as Record<
    string,
    Record<string, { endpoint: { DEFAULTS: { method: string; url: string } } }>
  >
  const routes = new Set<string>()
  for (const file of sources(join(PROJECT_ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8')
    for (const [, scope = '', method = ''] of text.matchAll(/octokit\.rest\.(\w+)\.(\w+)/g)) {
      const defaults = rest[scope]?.[method]?.endpoint.DEFAULTS
      if (!defaults) throw new Error(`${file}: octokit.rest.${scope}.${method} is not an Octokit method`)
      routes.add(`${defaults.method} ${defaults.url}`)
    }
    for (const [, route = ''] of text.matchAll(/octokit\.request\(\s*'((?:GET|POST|PUT|PATCH|DELETE) \/[^']+)'/g)) routes.add(route)
  }
  return [...routes].sort()
}

function cutRoutes(): Set<string> {
  const cut = JSON.parse(readFileSync(CUT, 'utf8')) as { paths: Record<string, Record<string, unknown>> }
  return new Set(
    Object.entries(cut.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => /^(get|put|post|patch|delete)$/.test(method))
        // The description's `compare/{base}...{head}` is the route Octokit names `compare/{basehead}`.
        .map((method) => `${method.toUpperCase()} ${path.replace('{base}...{head}', '{basehead}')}`)
    )
  )
}

describe('the contract cut of GitHub’s description', () => {
  it('holds every REST route the action calls, the spend ledger’s git references included', async () => {
    const called = await calledRoutes()
    expect(called).toEqual(
      expect.arrayContaining([
        'GET /repos/{owner}/{repo}/git/matching-refs/{ref}',
        'POST /repos/{owner}/{repo}/git/refs',
        'DELETE /repos/{owner}/{repo}/git/refs/{ref}',
        'GET /repos/{owner}/{repo}/commits/{ref}'
      ])
    )
    const cut = cutRoutes()
    expect(called.filter((route) => !cut.has(route))).toEqual([])
  })
})
