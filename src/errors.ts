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

/**
 * Several inputs that cannot work, each its own sentence: every input error of a run, told at once (one
 * annotation each). An InputError itself, so that whatever tells bad input apart still does.
 */
export class InputErrors extends InputError {
  constructor(readonly errors: readonly InputError[]) {
    super(errors[0]?.input ?? '', errors.map((error) => error.message).join(' '))
    this.name = 'InputErrors'
  }
}

/** The input errors inside `error`, each on its own. */
export function inputErrorsOf(error: InputError): readonly InputError[] {
  return error instanceof InputErrors ? error.errors : [error]
}

/** Reads one field of settings through `collectInputErrors`: an input error is recorded and reading goes on. */
export type FieldRead = <T>(read: () => T) => T

/**
 * Reads settings field by field, each field's read through `field`: an input error of one is recorded and
 * the others are still read, so that a run tells every bad input at once. A failed field's value is never
 * seen: when any read failed, this throws them all (an InputErrors; the error itself when it is one)
 * instead of returning. An input error thrown outside `field` joins them too, ending the reading there;
 * so does any other error after an input error (it may come of a failed field's missing value).
 */
export function collectInputErrors<T>(read: (field: FieldRead) => T): T {
  const errors: InputError[] = []
  const record = (error: unknown): void => {
    if (!(error instanceof InputError)) throw error
    for (const one of inputErrorsOf(error)) if (!errors.some((seen) => seen.message === one.message)) errors.push(one)
  }
  const field: FieldRead = <F>(readField: () => F): F => {
    try {
      return readField()
    } catch (error) {
      record(error)
      return undefined as F
    }
  }
  let result: { value: T } | null = null
  try {
    result = { value: read(field) }
  } catch (error) {
    if (errors.length === 0 || error instanceof InputError) record(error)
  }
  if (errors.length > 1) throw new InputErrors(errors)
  if (errors[0] || !result) throw errors[0] ?? new Error('Reading the inputs ended without a result.')
  return result.value
}
