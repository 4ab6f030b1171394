/**
 * Validators compiled ahead of time. Run from source there are none, and ajv compiles each schema
 * on first use. The bundle replaces this module with ajv's standalone code for schema.json and
 * every built-in section's optionsSchema (build.mjs, via ./precompile.ts): compiling them cold was
 * a fifth of the CLI's own time on every start (bench `cli`).
 */
import type { ValidateFunction } from 'ajv'

export interface Precompiled {
  /** schema.json's validator. */
  file?: ValidateFunction
  /** Built-in options schemas' validators, keyed by the schema's JSON text, so a schema that has changed since the build finds none. */
  options: ReadonlyMap<string, ValidateFunction>
}

export const precompiled: Precompiled = { options: new Map() }
