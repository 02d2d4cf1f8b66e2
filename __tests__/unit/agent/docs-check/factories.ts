/** Small builders the docs check's tests share. */
import { type DocsCheckInputs, readDocsCheckInputs } from '../../../../src/operations/agent/docs-check-inputs.js'

/** The docs check's inputs as the runner would give them: '' for anything not set. */
export function docsCheckInputs(values: Record<string, string>): DocsCheckInputs {
  return readDocsCheckInputs((name) => values[name] ?? '')
}
