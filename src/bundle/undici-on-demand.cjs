/**
 * What the bundle holds for `undici` (tsconfig.json's `paths` maps it here, and ncc follows that for the
 * imports of node_modules too): undici as a chunk of its own, loaded by the first `fetch`. Only
 * @actions/github's Octokit fetches with it (@actions/http-client, the Mintlify client's, makes its own
 * requests), and a static import had every step parse and run undici, the larger part of the bundle,
 * before its first line of work.
 *
 * The two names the bundle imports are the two given: `fetch`, which loads undici and then fetches, and
 * `ProxyAgent` (@actions/http-client's dispatcher for a request through a proxy), whose agent is made at
 * its first use, inside a `fetch`, once undici is there.
 */
'use strict'

let undici
const load = () => import('undici/index.js').then((module) => (undici = module.default))

function loaded() {
  if (undici === undefined) throw new Error('undici is not loaded: a ProxyAgent is used by fetch, which loads it first')
  return undici
}

module.exports = {
  fetch: (...args) => load().then((module) => module.fetch(...args)),
  ProxyAgent: function ProxyAgent(options) {
    let agent
    const real = () => (agent ??= new (loaded().ProxyAgent)(options))
    return new Proxy(
      {},
      {
        get: (_, name) => {
          const value = real()[name]
          return typeof value === 'function' ? value.bind(real()) : value
        },
        set: (_, name, value) => {
          real()[name] = value
          return true
        },
        has: (_, name) => name in real()
      }
    )
  }
}
