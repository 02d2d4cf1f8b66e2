/**
 * The bundle's stand-in for undici (src/bundle/undici-on-demand.cjs, which tsconfig.json's `paths` maps
 * `undici` to for ncc): nothing of undici is evaluated until the first fetch, and then a fetch, also one
 * through a proxy's agent, is undici's own. Run in a plain Node process, as the bundle runs it, with
 * `require.cache` telling what was evaluated, against servers on 127.0.0.1.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from '../../../scripts/run-action.js'

const SHIM = join(PROJECT_ROOT, 'src', 'bundle', 'undici-on-demand.cjs')

/** What the script prints as JSON, run with `shim` required; `evaluated()` says whether undici was. */
function inNode(script: string): unknown {
  const prelude = `const shim = require(${JSON.stringify(SHIM)})
    const evaluated = () => Object.keys(require.cache).some((path) => path.includes('/node_modules/undici/'))
    const http = require('node:http'), net = require('node:net')
    const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)))`
  const run = spawnSync(process.execPath, ['-e', `${prelude}\n;(async () => { ${script} })()`], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    timeout: 30_000
  })
  expect(run.stderr).toBe('')
  return JSON.parse(run.stdout)
}

describe('undici on demand', () => {
  it('evaluates nothing of undici when the bundle takes its exports, nor when a proxy agent is made', () => {
    const script = `const { fetch, ProxyAgent } = shim
      const agent = new ProxyAgent({ uri: 'http://127.0.0.1:9' })
      console.log(JSON.stringify({ evaluated: evaluated(), fetch: typeof fetch, agent: typeof agent }))`
    expect(inNode(script)).toEqual({ evaluated: false, fetch: 'function', agent: 'object' })
  })

  it("loads undici at the first fetch and fetches with it, undici's Response and all", () => {
    const script = `const server = http.createServer((_, response) => response.end('served'))
      const port = await listen(server)
      const response = await shim.fetch('http://127.0.0.1:' + port + '/')
      const body = await response.text()
      console.log(JSON.stringify({ evaluated: evaluated(), body, undicis: response instanceof require('undici').Response }))
      server.close()`
    expect(inNode(script)).toEqual({ evaluated: true, body: 'served', undicis: true })
  })

  it("fetches through a proxy with the agent it made before undici was there (a CONNECT tunnel, as undici's ProxyAgent)", () => {
    const script = `const target = http.createServer((_, response) => response.end('through the proxy'))
      const targetPort = await listen(target)
      const proxy = http.createServer()
      const tunnels = []
      proxy.on('connect', (request, socket, head) => {
        tunnels.push(request.url)
        const [host, port] = request.url.split(':')
        const upstream = net.connect(Number(port), host, () => {
          socket.write('HTTP/1.1 200 Connection Established\\r\\n\\r\\n')
          upstream.write(head)
          upstream.pipe(socket)
          socket.pipe(upstream)
        })
      })
      const proxyPort = await listen(proxy)
      const agent = new shim.ProxyAgent({ uri: 'http://127.0.0.1:' + proxyPort })
      const response = await shim.fetch('http://127.0.0.1:' + targetPort + '/', { dispatcher: agent })
      const body = await response.text()
      await agent.close()
      console.log(JSON.stringify({ body, tunnels: tunnels.length, to: tunnels[0] === '127.0.0.1:' + targetPort }))
      target.close()
      proxy.close()`
    expect(inNode(script)).toEqual({ body: 'through the proxy', tunnels: 1, to: true })
  })

  it('is what tsconfig.json maps undici to, for ncc to follow', () => {
    const config = JSON.parse(readFileSync(join(PROJECT_ROOT, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths?: Record<string, string[]> }
    }
    expect(config.compilerOptions.paths?.undici).toEqual(['./src/bundle/undici-on-demand.cjs'])
  })
})
