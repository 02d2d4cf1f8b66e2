/**
 * Contract tests, the simulator's side: its git-reference routes (the spend ledger's) answer as GitHub's REST
 * description says. Every request goes through Prism as a validating proxy before the simulator's GitHub
 * (prism-servers.js), which checks the request and the answer against the committed cut
 * (github-openapi.json, from `npm run cut-github-openapi`) and names what is wrong in `sl-violations`. Each
 * answer the spend ledger meets is checked: the list (empty, with slots, `%2F` in the path), the creation (201,
 * 422 with both messages a taken name gets, 422 for a bad name), the deletion (204, 422 for a missing name),
 * `commits/HEAD` with `Accept: application/vnd.github.sha` (the sha alone), and 409 from an empty repository
 * on every route.
 *
 * Not checked: the whole commit `commits/HEAD` answers without that `Accept`. Prism cannot compile the
 * description's `commit` schema (Ajv: "nullable" cannot be used without "type", in its `author`) and then
 * passes any body unchecked, so a test of it would prove nothing; the action never asks for that form.
 *
 * The description lists no 403 or 404 for these routes, though GitHub answers them to a token without
 * access (the ledger fails closed on them): Prism would flag an undocumented status, so they are left out here.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { type Simulator, startSimulator } from '../../simulator/index.js'
import { GITHUB_CUT, startValidatingProxy } from './mocks.js'

const LEDGER = 'acme/docs-ledger'
const EMPTY = 'acme/empty-ledger'
const WINDOW = 'docs-agent/spend/day/2026-12-09/'

let sim: Simulator
let proxy: { url: string; stop: () => Promise<void> }

beforeAll(async () => {
  sim = await startSimulator()
  sim.github.setPermission(LEDGER, 'acme', 'admin')
  sim.github.gitRefs.markEmpty(EMPTY)
  proxy = await startValidatingProxy(GITHUB_CUT, `${sim.url}/api/v3`)
}, 90_000)
afterAll(async () => {
  await proxy.stop()
  await sim.close()
})

interface Answer {
  status: number
  body: unknown
  contentType: string
  /** What Prism found wrong in the request or the answer. */
  violations: unknown[]
}

/** One request through the validating proxy, as Octokit sends it. */
async function call(method: string, path: string, options: { body?: unknown; accept?: string } = {}): Promise<Answer> {
  const response = await fetch(`${proxy.url}${path}`, {
    method,
    headers: {
      authorization: `token ${sim.github.token}`,
      accept: options.accept ?? 'application/vnd.github.v3+json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' })
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body)
  })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  const violations = JSON.parse(response.headers.get('sl-violations') ?? '[]') as unknown[]
  return {
    status: response.status,
    body: contentType.includes('json') && text ? (JSON.parse(text) as unknown) : text,
    contentType,
    violations
  }
}

const repo = (name: string): string => `/repos/${name}`
const list = (name: string, prefix = WINDOW): Promise<Answer> =>
  call('GET', `${repo(name)}/git/matching-refs/${encodeURIComponent(prefix)}`)
const create = (name: string, ref: string, sha = 'a'.repeat(40)): Promise<Answer> =>
  call('POST', `${repo(name)}/git/refs`, { body: { ref, sha } })
const remove = (name: string, ref: string): Promise<Answer> => call('DELETE', `${repo(name)}/git/refs/${encodeURIComponent(ref)}`)

function expectDescribed(answer: Answer, status: number): void {
  expect({ status: answer.status, violations: answer.violations }).toEqual({ status, violations: [] })
}

describe("the simulator's git references, against GitHub's description", () => {
  test('the list: empty, then every slot in one answer, with a Date', async () => {
    const empty = await list(LEDGER)
    expectDescribed(empty, 200)
    expect(empty.body).toEqual([])

    for (const slot of ['000', '001']) expectDescribed(await create(LEDGER, `refs/${WINDOW}${slot}`), 201)
    const listed = await list(LEDGER)
    expectDescribed(listed, 200)
    expect((listed.body as { ref: string }[]).map((ref) => ref.ref)).toEqual([`refs/${WINDOW}000`, `refs/${WINDOW}001`])
    // The namespace of a kind, as the straggler sweep lists it.
    expectDescribed(await list(LEDGER, 'docs-agent/spend/day/'), 200)
  })

  test('the creation: 201 once per name, then 422 with either message a taken name gets, and 422 for a bad name', async () => {
    const ref = `refs/${WINDOW}005`
    const created = await create(LEDGER, ref)
    expectDescribed(created, 201)
    expect(created.body).toMatchObject({ ref, object: { sha: 'a'.repeat(40), type: 'commit' } })

    const taken = await create(LEDGER, ref)
    expectDescribed(taken, 422)
    expect(taken.body).toMatchObject({ message: 'Reference already exists' })

    sim.github.gitRefs.options.updateFailedRate = 1
    try {
      const failed = await create(LEDGER, ref)
      expectDescribed(failed, 422)
      expect(failed.body).toMatchObject({ message: 'Reference update failed' })
    } finally {
      sim.github.gitRefs.options.updateFailedRate = 0
    }

    expectDescribed(await create(LEDGER, 'refs/one-slash'), 422)
  })

  test('the deletion: 204, then 422 for a name that does not exist', async () => {
    const ref = `${WINDOW}007`
    expectDescribed(await create(LEDGER, `refs/${ref}`), 201)
    expectDescribed(await remove(LEDGER, ref), 204)
    const again = await remove(LEDGER, ref)
    expectDescribed(again, 422)
    expect(again.body).toMatchObject({ message: 'Reference does not exist' })
  })

  test('commits/HEAD: the sha alone, as the ledger asks for it', async () => {
    const sha = await call('GET', `${repo(LEDGER)}/commits/HEAD`, { accept: 'application/vnd.github.sha' })
    expectDescribed(sha, 200)
    expect(sha.body).toMatch(/^[0-9a-f]{40}$/)
  })

  test('an empty repository: 409 on every route', async () => {
    expectDescribed(await list(EMPTY), 409)
    expectDescribed(await create(EMPTY, `refs/${WINDOW}000`), 409)
    expectDescribed(await remove(EMPTY, `${WINDOW}000`), 409)
    expectDescribed(await call('GET', `${repo(EMPTY)}/commits/HEAD`, { accept: 'application/vnd.github.sha' }), 409)
  })
})
