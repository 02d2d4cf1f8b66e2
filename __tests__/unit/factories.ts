/**
 * Moved to __tests__/fixtures/ (agent-jobs.ts, step-settings.ts and the rest). This re-export keeps
 * retry.test.ts, which is being changed elsewhere, compiling until it imports from the fixtures; then it goes.
 */
export { T0 } from '../fixtures/agent-jobs.js'
