/** Small builders the docs check's tests share. */
import { InputError } from '../../../../src/errors.js'
import { type DocsCheckInputs, readDocsCheckInputs } from '../../../../src/operations/agent/docs-check/inputs.js'

/** The docs check's inputs as the runner would give them: '' for anything not set. */
export function docsCheckInputs(values: Record<string, string>): DocsCheckInputs {
  return readDocsCheckInputs((name) => values[name] ?? '')
}

/** The InputError that reading these inputs throws; fails the test when none is thrown. */
export function refusal(values: Record<string, string>): InputError {
  try {
    docsCheckInputs(values)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error(`${JSON.stringify(values)} was accepted`)
}
