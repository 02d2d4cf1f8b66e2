/**
 * The last step of `npm run build`: finishes dist/ (minifies the chunks ncc leaves as they are, moves the
 * @stdlib licence headers into dist/licenses.txt), then records which src/ the bundle was built from.
 */
import { recordSourceDigest } from './dist-freshness.js'
import { minifyChunks, moveStdlibLicences } from './finish-dist.js'
import { PROJECT_ROOT } from './run-action.js'

await minifyChunks(PROJECT_ROOT)
moveStdlibLicences(PROJECT_ROOT)
recordSourceDigest(PROJECT_ROOT)
