/**
 * A host that cannot be reached, in one sentence with its likely causes: which of Node's codes mean which
 * connection problem, and the sentence the docs API's client and the GitHub client give for a TLS
 * handshake that fails (https:// to a plain HTTP server on 127.0.0.1).
 */
import { NO_SPEND_LIMIT } from '../../src/spend/agent-spend.js'
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals'
import { startSimulator } from '../../simulator/index.js'
import { DocsApiClient } from '../../src/mintlify/client.js'
import { createNodeTransport } from '../../src/mintlify/transport.js'
import { connectionProblem } from '../../src/unreachable.js'
import { closeApis, json, startApi } from '../fixtures/loopback-api.js'
import { connectTo, failureOf, preloadToolkit } from '../fixtures/github-client.js'
import { API_KEY } from '../fixtures/step-settings.js'
import { VirtualClock } from '../fixtures/virtual-clock.js'

afterEach(closeApis)

const literally = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

describe('the connection problem a code means', () => {
  it.each([
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'refused'],
    ['EHOSTUNREACH', 'refused'],
    ['ENETUNREACH', 'refused'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['EPROTO', 'tls'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls'],
    ['HOSTNAME_MISMATCH', 'tls'],
    ['ECONNRESET', null],
    ['ETIMEDOUT', null],
    ['EPROTONOSUPPORT', null],
    [null, null]
  ] as const)('%s: %s', (code, problem) => {
    expect(connectionProblem(code)).toBe(problem)
  })
})

describe('a TLS handshake that fails', () => {
  beforeAll(preloadToolkit)

  it('is named for the docs API, with its host and the likely causes', async () => {
    const plain = await startApi(json(200, {}))
    const clock = new VirtualClock()
    const client = new DocsApiClient(
      {
        baseUrl: plain.url.replace('http:', 'https:'),
        apiKey: API_KEY,
        transport: createNodeTransport(),
        clock,
        random: () => 0.5,
        deadline: clock.now() + 600_000
      },
      NO_SPEND_LIMIT
    )
    const error = await client.getStaticExport('proj_1', 'se_1').then(
      () => null,
      (e: unknown) => e as Error
    )
    const host = new URL(plain.url).host

    expect(error?.message).toMatch(
      new RegExp(`^Could not read static export se_1: the secure connection to ${literally(host)} failed \\((EPROTO|ERR_SSL_\\w+)\\)`)
    )
    expect(error?.message).toContain(`; check what keeps this runner from ${host}: a proxy it must use (set HTTPS_PROXY)`)
    expect(error?.message).not.toContain(API_KEY)
  })

  it('is named for GitHub, with its host and the likely causes', async () => {
    const sim = await startSimulator()
    try {
      const { api } = await connectTo(sim, { baseUrl: `${sim.url.replace('http:', 'https:')}/api/v3` })
      const error = await failureOf(api.pullCommits(7))
      const host = new URL(sim.url).host

      expect(error.message).toMatch(
        new RegExp(`^Could not read the commits of pull request #7: the secure connection to ${literally(host)} failed \\(`)
      )
      expect(error.message).toContain(`; check what keeps this runner from ${host}: a proxy it must use (set HTTPS_PROXY)`)
    } finally {
      await sim.close()
    }
  })
})
