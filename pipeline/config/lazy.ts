/**
 * Libraries the config reads only now and then, loaded on their first use. A start that reads
 * only the bundled default config needs none of them: ajv compiles only a package section's schema
 * (ours are compiled ahead of time), the YAML parser reads only a file that is not the bundled
 * default (./precompiled.ts), and the code frame is drawn only for an issue. Imported up front,
 * they ran on every start, a compaction's child's included: tens of milliseconds (bench `cli`).
 *
 * Each is a CommonJS package, so a `require` inside a function loads it then and not before (an
 * ES `import` would run it as the module loads). The plugin's bundle puts them in a file of their
 * own, chunks/config-libs.cjs, and build.mjs stands a module of the same exports in for this one:
 * the bundle's chunks, compiled on every start, do not carry them.
 */
import { createRequire } from 'node:module'
import type * as Ajv from 'ajv'
import type * as Yaml from 'yaml'
import type * as CodeFrame from '@babel/code-frame'

const load = createRequire(import.meta.url)

export const ajv = (): typeof Ajv => load('ajv')
export const yaml = (): typeof Yaml => load('yaml')
export const codeFrame = (): typeof CodeFrame => load('@babel/code-frame')
