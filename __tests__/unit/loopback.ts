/**
 * Moved to __tests__/fixtures/loopback-api.ts. This re-export keeps github-api.test.ts, which is being
 * split elsewhere, compiling until it imports from the fixtures; then it goes.
 */
export { closedPort } from '../fixtures/loopback-api.js'
