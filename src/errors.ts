/**
 * An input the user gave cannot work. The message is one sentence that names the input and says what
 * is accepted; it is shown as the step's failure before any request is sent.
 */
export class InputError extends Error {
  constructor(
    readonly input: string,
    message: string
  ) {
    super(message)
    this.name = 'InputError'
  }
}

/** Text of any thrown value, for the one-sentence failure message. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
