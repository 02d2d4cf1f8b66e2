import { basename } from 'node:path'
import { run } from './main.js'
import { SUB_ACTION_NAMES } from './sub-action-names.js'

/**
 * The root action runs `node dist/index.js`. A sub-action runs its folder's entry, `node dist/<folder>.js`,
 * which the build writes to import this bundle and nothing else: the entry's name says which sub-action
 * the step is, so every sub-action shares this one bundle.
 */
const entry = basename(process.argv[1] ?? '', '.js')
await run({ subAction: SUB_ACTION_NAMES.find((name) => name === entry) })
