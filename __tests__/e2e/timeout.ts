/**
 * The end-to-end project's time limit per test: a run of dist/index.js in a child process against the
 * simulator. The unit project keeps the 15 s of jest.config.js, so a hung unit test fails soon; the slowest
 * end-to-end files set their own, longer limits.
 */
import { jest } from '@jest/globals'

jest.setTimeout(30_000)
