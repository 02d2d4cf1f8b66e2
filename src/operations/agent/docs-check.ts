import { tellAgentPull, writeCommitStatus } from './carry-out/commit-statuses.js'
import { situationAfterJob } from './decide/commit-status.js'
import { planDocsCheck } from './decide/docs-check-rules.js'
import { docsRecordMarker } from './decide/record-marker.js'
import { checkTarget, fetchDocsRecord } from './read/docs-check-reads.js'
import { readDocsFacts } from './read/docs-facts.js'

/**
 * The docs check's own code, in its read, decide and carry-out steps: imported by a run only once the docs
 * check follows it (`docsEventFor`) or a command's pull request must be read for the gate, so that ncc makes
 * it a chunk of dist/ of its own and a plain job never parses its rules, records or commit statuses.
 */
export const docsCheckCode = {
  checkTarget,
  fetchDocsRecord,
  readDocsFacts,
  planDocsCheck,
  situationAfterJob,
  docsRecordMarker,
  writeCommitStatus,
  tellAgentPull
}

export type DocsCheckCode = typeof docsCheckCode
