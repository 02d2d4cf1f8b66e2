/**
 * Branch names as `git check-ref-format --branch` judges them. A preview is asked for by branch name, and
 * a name git would refuse cannot name a branch Mintlify could build: it is bad input, found before any request.
 */

/** Characters git refuses anywhere in a ref name (besides control characters and the space). */
const REFUSED_CHARACTER = /[~^:?*[\\]/

// eslint-disable-next-line no-control-regex -- control characters are what git refuses
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/

/**
 * Why git would refuse `name` as a branch name, as a phrase that completes "Input 'branch' …" (for example
 * `contains '..'`); null when git accepts it. The first rule broken is named.
 */
export function branchProblem(name: string): string | null {
  return wholeNameProblem(name) ?? characterProblem(name) ?? slashProblem(name) ?? partProblem(name.split('/'))
}

function wholeNameProblem(name: string): string | null {
  if (name === '') return 'is empty'
  // `@` alone is git's shorthand for HEAD; `HEAD` as a branch would shadow it.
  if (name === '@') return "is '@', which git reads as HEAD"
  if (name === 'HEAD') return "is 'HEAD', which git reserves"
  if (name.startsWith('-')) return "starts with '-', which git would read as an option"
  if (name.endsWith('.')) return "ends with '.'"
  return null
}

function characterProblem(name: string): string | null {
  const control = CONTROL_CHARACTER.exec(name)?.[0]
  if (control !== undefined) return `contains a control character (U+${control.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`
  if (name.includes(' ')) return 'contains a space'
  const refused = REFUSED_CHARACTER.exec(name)?.[0]
  if (refused !== undefined) return `contains '${refused}'`
  if (name.includes('..')) return "contains '..'"
  if (name.includes('@{')) return "contains '@{'"
  return null
}

function slashProblem(name: string): string | null {
  if (name.startsWith('/')) return "starts with '/'"
  if (name.endsWith('/')) return "ends with '/'"
  if (name.includes('//')) return "contains '//'"
  return null
}

/** Each `/`-separated part is a file name in git's ref store: no hidden names, no lock files. */
function partProblem(parts: readonly string[]): string | null {
  const hidden = parts.findIndex((part) => part.startsWith('.'))
  if (hidden === 0) return "starts with '.'"
  if (hidden > 0) return "has a part after a '/' that starts with '.'"
  const lock = parts.findIndex((part) => part.endsWith('.lock'))
  if (lock === parts.length - 1) return "ends with '.lock'"
  if (lock >= 0) return "has a part before a '/' that ends with '.lock'"
  return null
}
