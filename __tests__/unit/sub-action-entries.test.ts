/**
 * Each sub-action's entry (src/entries/<name>.ts, the bundle's dist/<name>.js) runs the one shared run() as
 * that sub-action: its own operation and only its own inputs (sub-action-input.ts), never the root's.
 */
import { expect, it, jest } from '@jest/globals'
import type { RunDeps } from '../../src/main.js'
import { SUB_ACTION_NAMES } from '../../src/sub-action-names.js'

const run = jest.fn((overrides?: Partial<RunDeps>) => Promise.resolve(void overrides))
jest.unstable_mockModule('../../src/main.js', () => ({ run }))

it.each(SUB_ACTION_NAMES)('%s/ runs the action as that sub-action', async (name) => {
  run.mockClear()
  const entry = (await import(`../../src/entries/${name}.js`)) as { run: () => Promise<void> }
  await entry.run()
  expect(run.mock.calls).toEqual([[{ subAction: name }]])
})
