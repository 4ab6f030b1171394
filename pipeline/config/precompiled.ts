/**
 * Validators compiled ahead of time. Run from source there are none, and ajv compiles each schema
 * on first use. The bundle replaces this module with ajv's standalone code for schema.json and
 * every built-in section's optionsSchema (build.mjs, via ./precompile.ts): compiling them cold was
 * a fifth of the CLI's own time on every start (bench `cli`). It also carries the bundled default
 * config as read at build time, so that a start reading that file unchanged parses no YAML.
 */
import type { ValidateFunction } from 'ajv'
import type { ConfigFileData } from './validate.ts'

export interface Precompiled {
  /** schema.json's validator. */
  file?: ValidateFunction
  /** Built-in options schemas' validators, keyed by the schema's JSON text, so a schema that has changed since the build finds none. */
  options: ReadonlyMap<string, ValidateFunction>
  /** The bundled default pipeline.config.yaml as the build read and checked it: its text, and what it holds. */
  defaultConfig?: { text: string; data: ConfigFileData }
}

export const precompiled: Precompiled = { options: new Map() }
