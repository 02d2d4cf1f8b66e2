/**
 * The contract tests' front, against a stand-in for Prism that echoes what it was asked: it routes a
 * request to the document that describes it without that document's server path, sends the run's seed,
 * reports what Prism found invalid, and keeps every answer on loopback.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { Front, type MockedDocument } from './front.js'

/** Answers as Prism would: the request echoed, GitHub's example Link, and a violation for a `?invalid` query. */
function prismStandIn(req: IncomingMessage, res: ServerResponse): void {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    link: '<https://api.github.com/resource?page=2>; rel="next", <https://api.github.com/resource?page=5>; rel="last"'
  }
  if (req.url?.includes('invalid')) {
    headers['sl-violations'] = JSON.stringify([
      { location: ['request', 'body'], severity: 'Error', code: 'required', message: "Request body must have required property 'prompt'" },
      { location: ['response', 'body'], severity: 'Error', code: 'type', message: 'not about the request' }
    ])
  }
  const echo = {
    url: req.url,
    prefer: req.headers.prefer,
    accept: req.headers.accept,
    bundleUrl: 'https://bucket.s3.amazonaws.com/x?sig=1'
  }
  res.writeHead(200, headers)
  res.end(JSON.stringify(echo))
}

let upstream: Server
let front: Front

beforeAll(async () => {
  upstream = createServer(prismStandIn)
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
  const external: MockedDocument = { name: 'external', serverPath: '/v1', operations: ['post /project/update/{projectId}'], url }
  const github: MockedDocument = { name: 'github', serverPath: '', operations: [], url }
  front = new Front([external], github)
  await front.start()
})

afterAll(async () => {
  await front.stop()
  upstream.closeAllConnections()
  await new Promise<void>((resolve) => upstream.close(() => resolve()))
})

async function get(url: string, init: RequestInit = {}): Promise<{ body: Record<string, string>; link: string | null }> {
  const response = await fetch(url, init)
  return { body: (await response.json()) as Record<string, string>, link: response.headers.get('link') }
}

describe('the front before the Prism mocks', () => {
  test("a Mintlify request reaches its document without the server path, with the run's seed", async () => {
    const { record, mintlifyUrl } = front.open('a', '7', 'dropped')
    const { body } = await get(`${mintlifyUrl}/v1/project/update/proj_1`, { method: 'POST' })
    expect(body.url).toBe('/project/update/proj_1')
    expect(body.prefer).toBe('dynamic=true, seed=7')
    expect(record.mintlify).toEqual(['POST /v1/project/update/proj_1'])
    expect(record.violations).toEqual([])
  })

  test('a request no document describes is a violation, answered 404', async () => {
    const { record, mintlifyUrl } = front.open('b', '1', 'dropped')
    const response = await fetch(`${mintlifyUrl}/project/update/proj_1`, { method: 'POST' })
    expect(response.status).toBe(404)
    expect(record.violations).toEqual(['POST /project/update/proj_1: no operation of the mocked documents'])
  })

  test("Prism's request violations are recorded, its response violations are not", async () => {
    const { record, mintlifyUrl } = front.open('c', '1', 'dropped')
    await get(`${mintlifyUrl}/v1/project/update/proj_1?invalid=1`, { method: 'POST' })
    expect(record.violations).toEqual(["POST /project/update/proj_1: Request body must have required property 'prompt'"])
  })

  test('a bundleUrl becomes a download on the front', async () => {
    const { mintlifyUrl } = front.open('d', '1', 'dropped')
    const { body } = await get(`${mintlifyUrl}/v1/project/update/proj_1`, { method: 'POST' })
    expect(body.bundleUrl).toBe(`${front.url}/run/d/download/bundle.tar.gz`)
    const bundle = await fetch(body.bundleUrl ?? '')
    expect(bundle.status).toBe(200)
    expect(Buffer.from(await bundle.arrayBuffer()).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]))
  })

  test("GitHub's example Link is dropped, and GitHub's media type asked as the description's JSON", async () => {
    const { record, githubUrl } = front.open('e', '1', 'dropped')
    const { body, link } = await get(`${githubUrl}/repos/o/r/pulls/2/commits?per_page=100`, {
      headers: { accept: 'application/vnd.github.v3+json' }
    })
    expect(link).toBeNull()
    expect(body.accept).toBe('application/json')
    expect(record.github).toEqual(['GET /repos/o/r/pulls/2/commits?per_page=100'])
  })

  test("a never-advancing Link's next is page 2 of the same read, on the front, page after page", async () => {
    const { githubUrl } = front.open('f', '1', 'never-advancing')
    const first = await get(`${githubUrl}/repos/o/r/pulls/2/commits?per_page=100`)
    const next = `${githubUrl}/repos/o/r/pulls/2/commits?per_page=100&page=2`
    expect(first.link).toBe(`<${next}>; rel="next"`)
    expect((await get(next)).link).toBe(`<${next}>; rel="next"`)
  })

  test('pins set fields of one route and leave the rest of the answer as it came', async () => {
    const pins = [{ route: /^GET \/repos\/o\/r\/pulls\/2\/commits$/, fields: { prefer: 'pinned', nested: { a: 1 } } }]
    const { githubUrl } = front.open('g', '3', 'dropped', pins)
    const { body } = await get(`${githubUrl}/repos/o/r/pulls/2/commits?per_page=100`)
    expect(body).toMatchObject({ prefer: 'pinned', nested: { a: 1 }, url: '/repos/o/r/pulls/2/commits?per_page=100' })
    expect((await get(`${githubUrl}/repos/o/r/pulls/3/commits`)).body.prefer).toBe('dynamic=true, seed=3')
  })
})
