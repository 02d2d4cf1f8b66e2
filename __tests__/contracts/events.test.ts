/**
 * Contract tests, events: every event the action handles, under `job`, against Prism mocks of GitHub's REST
 * description and Mintlify's documents, then the reads of a pull request under a `Link` whose `next` never
 * advances (GitHub's own example link says "next: page 2" on every page).
 */
import { describeContracts } from './contract.js'
import { ENDLESS_LINK_ROWS, EVENT_ROWS } from './runs.js'

describeContracts('every event against the official descriptions', [...EVENT_ROWS, ...ENDLESS_LINK_ROWS])
