import type { JudgedHead } from './judged.js'

/** What a run judges of a pull request, from its judged head (judge-pull.ts reads it). */
export type JudgeStep =
  /** The head is the judged head against the same base (an edit, a reopening): nothing new. */
  | { kind: 'unchanged' }
  /** What changed since the judged head, if the head contains it. */
  | { kind: 'compare'; from: string }
  /** Every file of the pull request: nothing judged yet, or judged against another base (a retargeted pull request). */
  | { kind: 'pull-files' }

export function judgeFrom(judged: JudgedHead | null, head: string, base: string): JudgeStep {
  if (judged?.base !== base || !judged || !head) return { kind: 'pull-files' }
  if (judged.head === head) return { kind: 'unchanged' }
  return { kind: 'compare', from: judged.head }
}
