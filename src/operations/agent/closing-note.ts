/**
 * What the agent's pull request is told when its code pull request `code` (`owner/name#n`) closed without
 * merging: by the docs check, and by the sweep, which counts the docs check's note as its own.
 */
export function closedUnmergedNote(code: string): string {
  return `${code} was closed without merging: this documentation may no longer apply`
}
