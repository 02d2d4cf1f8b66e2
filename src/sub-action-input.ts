import { InputError } from './errors.js'
import { clip, type InputReader } from './inputs.js'
import type { SubActionName } from './sub-action-names.js'
import { EXPORT_INPUT, EXPORT_KINDS } from './sub-action-parts.js'
import { declaredInputs, SUB_ACTIONS } from './sub-actions.js'

/**
 * The input reader of a sub-action's step. The runner hands every input of `with:` to the action as
 * `INPUT_*`, declared or not (it only warns about the others), so the sub-action fixes its operation and
 * answers only the names its folder's action.yml declares: `operation` given to `agent/` cannot make it a
 * gate, and `export-domain` given to `docs-check/` changes nothing.
 */
export interface SubActionStep {
  input: InputReader
  /** One warning naming the given inputs the sub-action ignores, and the ones it takes; null when none was given. */
  ignored: string | null
  /** `analytics/`: an `export` that names no export, to end the run with before anything is read. */
  problem: InputError | null
}

/** The step of `name/`: `operation` answers its operation, a name it does not declare answers empty. */
export function subActionStep(name: SubActionName, input: InputReader, env: NodeJS.ProcessEnv): SubActionStep {
  const declared = declaredInputs(name)
  const row = SUB_ACTIONS[name]
  const kind = row.operation === EXPORT_INPUT ? input(EXPORT_INPUT).trim().toLowerCase() : row.operation
  return {
    input: (asked) => {
      if (asked === 'operation') return kind
      return declared.includes(asked) ? input(asked) : ''
    },
    ignored: ignoredWarning(name, givenOutside(declared, env), declared),
    problem:
      row.operation === EXPORT_INPUT && !(EXPORT_KINDS as readonly string[]).includes(kind) ? exportProblem(input(EXPORT_INPUT)) : null
  }
}

/**
 * The inputs the step was given that `declared` does not hold: the runner's `INPUT_<NAME>` variables (the
 * name upper-cased, spaces as underscores), each that holds a value. Undeclared inputs get no default, so
 * each one here was written in the workflow.
 */
function givenOutside(declared: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const known = new Set(declared.map(runnerName))
  return Object.entries(env)
    .filter(([variable, value]) => variable.startsWith('INPUT_') && value?.trim() && !known.has(variable.slice('INPUT_'.length)))
    .map(([variable]) => variable.slice('INPUT_'.length).toLowerCase())
    .sort()
}

/** How the runner names an input's variable, after `INPUT_`. */
function runnerName(input: string): string {
  return input.replace(/ /g, '_').toUpperCase()
}

function ignoredWarning(name: SubActionName, ignored: readonly string[], declared: readonly string[]): string | null {
  if (ignored.length === 0) return null
  const names = ignored.map((input) => `'${clip(input)}'`).join(', ')
  const which =
    ignored.length === 1 ? `Input ${names} is not an input of ${name}/ and is` : `Inputs ${names} are not inputs of ${name}/ and are`
  return `${which} ignored: ${name}/ takes ${declared.join(', ')}.`
}

function exportProblem(raw: string): InputError {
  const given = raw.trim()
  return new InputError(
    EXPORT_INPUT,
    given
      ? `Input '${EXPORT_INPUT}' must be one of ${EXPORT_KINDS.join(', ')}; got '${clip(given)}'.`
      : `Input '${EXPORT_INPUT}' is required: say what to export, one of ${EXPORT_KINDS.join(', ')}.`
  )
}
