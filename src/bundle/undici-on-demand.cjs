/**
 * What the bundle holds for `undici` (src/tsconfig.json maps it here, and ncc follows that for the imports
 * of node_modules too): undici itself, evaluated the first time one of its exports is read instead of when
 * the bundle starts. @actions/http-client reads `ProxyAgent` only for a request through a proxy, and
 * @actions/github reads `fetch` only once a run calls GitHub; a static import ran undici's modules, about a
 * third of the start-up of every step, for runs that need neither.
 */
'use strict'

let undici
const load = () => (undici ??= require('undici/index.js'))

module.exports = new Proxy(
  {},
  {
    get: (_, name) => load()[name],
    has: (_, name) => name in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, name) => {
      const descriptor = Object.getOwnPropertyDescriptor(load(), name)
      return descriptor && { ...descriptor, configurable: true }
    }
  }
)
