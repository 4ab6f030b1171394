/**
 * The one catalogue of drop and error codes. A section's outcome, a stored row and the CLI's
 * report all name a code from here, so a code means the same thing everywhere it appears.
 */

export const DROP_CODES = {
  SECTION_TIMEOUT: 'the section did not finish within timeoutMs',
  SECTION_THREW: 'the section threw or rejected',
  SECTION_OVER_BUDGET: 'the section returned more characters than budgetChars',
  SECTION_EMPTY: 'the section returned nothing',
  SECTION_DISABLED: 'the section is switched off in the config',
  SECTION_LOAD_FAILED: 'the section package could not be loaded',
  SECTION_SIZE_GUARD: 'the whole handoff was over its size guard; this section had the lowest priority',
  SECTION_NO_MODEL: 'the section needs a model and the host offers none',
  SECTION_MODEL_FAILED: 'the model call failed',
  SECTION_MODEL_EMPTY: 'the model answered, but with nothing the section could use',
  SECTION_CANCELLED: 'the run was cancelled (its signal aborted) before the section started',
  SECTION_STRAY_REJECTION: 'a promise the section left behind rejected and nothing handled it',
  SECTION_EXITED: "the section's code ended its thread (process.exit, or a crash of its worker)",
} as const

export type DropCode = keyof typeof DROP_CODES

/**
 * What the CLI can end with: each code, what it means, and the exit status it ends with, so no
 * call site picks a status by hand. The CLI prints the code after the message.
 */
export const ERROR_CODES = {
  CONFIG_INVALID: { exit: 1, means: 'the pipeline config has errors' },
  TRANSCRIPT_UNREADABLE: { exit: 1, means: 'the transcript could not be read' },
  TRANSCRIPT_EMPTY: { exit: 1, means: 'the transcript (or the part asked for) holds no conversation' },
  TRANSCRIPT_TOO_LARGE: { exit: 1, means: 'the transcript is larger than the reader takes' },
  DATA_DIR_UNUSABLE: { exit: 1, means: 'the data dir is not a directory, or cannot be read' },
  OUTPUT_UNWRITABLE: { exit: 1, means: 'the file --out names could not be written (permission, a full disk)' },
  STORE_REFUSED: { exit: 1, means: 'the store cannot answer what was asked: an unknown session, a compaction or a line that is not there' },
  USAGE: { exit: 2, means: 'the command line is not understood' },
  INTERNAL: { exit: 3, means: 'something went wrong that the program did not expect (a bug: --verbose shows the stack)' },
} as const satisfies Record<string, { exit: number; means: string }>

export type ErrorCode = keyof typeof ERROR_CODES

/** An error the CLI prints as one line (no stack unless --verbose), ending with its code's exit status. */
export class HandoffError extends Error {
  readonly exitCode: number
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'HandoffError'
    this.exitCode = ERROR_CODES[code].exit
  }

  /** Whether `err` is one (a ConfigError too), also when it was thrown by another copy of this
   *  class: the bundle's commands run from a CommonJS file of their own (cli/code-cache.ts). */
  static is(err: unknown): err is HandoffError {
    if (err instanceof HandoffError) return true
    if (!(err instanceof Error)) return false
    const { code, exitCode } = err as Partial<HandoffError>
    return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code) && typeof exitCode === 'number'
  }
}

/**
 * Thrown by a section to be dropped with a code of its choosing (e.g. SECTION_NO_MODEL) rather
 * than SECTION_THREW. The runner prefixes the message with `[section <name>]`; `record` lands on
 * the outcome, so a failed model call still leaves its usage and cost on the row.
 */
export class SectionDropError extends Error {
  constructor(
    readonly code: DropCode,
    message: string,
    readonly record?: Record<string, unknown>,
  ) {
    super(message)
    this.name = 'SectionDropError'
  }
}

/** Recognised by shape as well as by class, so a third-party section bundling its own copy of
 *  the pipeline surface can still choose its code. */
export function isSectionDrop(err: unknown): err is SectionDropError {
  if (err instanceof SectionDropError) return true
  const e = err as { name?: unknown; code?: unknown } | null
  return !!e && e.name === 'SectionDropError' && typeof e.code === 'string' && e.code in DROP_CODES
}
