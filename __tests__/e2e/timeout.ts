/**
 * The end-to-end project's time limit per test: a run of dist/index.js in a child process against the
 * simulator. 90 s, because a run that takes 2 s on a quiet machine was seen past 30 s at a load of 30 on two
 * cores; the limit is there to end a hung test, not to time a working one. The unit project keeps the 15 s of
 * jest.config.js, so a hung unit test fails soon; the slowest end-to-end files set their own, longer limits.
 */
import { jest } from '@jest/globals'

jest.setTimeout(90_000)
