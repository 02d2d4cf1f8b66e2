import type { StatusThread } from '../../../github/status-thread.js'
import type { CommitState, CommitStatus } from '../decide/docs-record.js'

/** What the run wrote so far that later writes, and its result, depend on. */
export interface Written {
  /** The commit status written last (the record's, until this run writes one): the record carries it. */
  status: CommitStatus | null
  /** The state of the commit status this run wrote last: the `docs-state` output. */
  state: CommitState | null
  /** The reply or status comment the run's result links to. */
  thread: StatusThread | null
}
