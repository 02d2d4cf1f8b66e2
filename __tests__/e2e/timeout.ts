/**
 * The end-to-end project's time limit per test: runs of dist/index.js in child processes against the
 * simulator. A bound, not a wait, so it is generous: a test of six runs took 21 s at a load of 18 on two
 * cores, and a loaded machine is slower still. The unit project keeps the 15 s of jest.config.js, so a hung
 * unit test fails soon; the slowest end-to-end files set their own, longer limits.
 */
import { jest } from '@jest/globals'

jest.setTimeout(120_000)
