/**
 * `npm run contracts -- [--seeds N] [--verbose]`: the contract tests (__tests__/contracts/) alone, on seeds
 * 1…N (default 2, as in `npm test`); `--verbose` prints each run's exit, requests and annotations.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { PROJECT_ROOT } from './run-action.js'

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '2' },
    verbose: { type: 'boolean', default: false }
  }
})
const seeds = Number(values.seeds)
if (!Number.isInteger(seeds) || seeds < 1) {
  console.error(`--seeds must be a whole number of at least 1, not '${values.seeds}'.`)
  process.exit(2)
}
const jest = join(PROJECT_ROOT, 'node_modules', 'jest', 'bin', 'jest.js')
const result = spawnSync(process.execPath, [jest, '__tests__/contracts'], {
  cwd: PROJECT_ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
    CONTRACT_SEEDS: String(seeds),
    CONTRACT_VERBOSE: values.verbose ? '1' : '0'
  }
})
process.exit(result.status ?? 1)
