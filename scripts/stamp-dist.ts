/** The last step of `npm run build`: records in dist/ which src/ the bundle was built from. */
import { recordSourceDigest } from './dist-freshness.js'
import { PROJECT_ROOT } from './run-action.js'

recordSourceDigest(PROJECT_ROOT)
