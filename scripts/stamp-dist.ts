/**
 * The last step of `npm run build`: finishes dist/ (minifies the chunks ncc leaves as they are, writes every
 * file in ASCII alone, moves the @stdlib licence headers into dist/licenses.txt), writes the sub-actions'
 * folders and entries (scripts/sub-actions.ts), then records which src/ the bundle was built from.
 */
import { recordSourceDigest } from './dist-freshness.js'
import { entryInAscii, minifyChunks, moveStdlibLicences } from './finish-dist.js'
import { PROJECT_ROOT } from './run-action.js'
import { writeSubActions } from './sub-actions.js'

await minifyChunks(PROJECT_ROOT)
await entryInAscii(PROJECT_ROOT)
moveStdlibLicences(PROJECT_ROOT)
writeSubActions(PROJECT_ROOT)
recordSourceDigest(PROJECT_ROOT)
