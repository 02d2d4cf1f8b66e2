/**
 * Contract tests, operations: every operation run on a manual dispatch against Prism mocks of Mintlify's
 * official documents and GitHub's REST description (answers random within the descriptions, a fixed seed
 * each), so that what the action sends is valid and whatever they may answer ends in a readable run.
 */
import { describeContracts } from './contract.js'
import { OPERATION_ROWS } from './runs.js'

describeContracts('every operation against the official descriptions', OPERATION_ROWS)
