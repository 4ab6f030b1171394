/**
 * Build-time only (build.mjs): the ES module that stands in for ./precompiled.ts in the bundle.
 * ajv's standalone code, compiled with the options the pipeline compiles with at run time, so both
 * ways validate, and word their errors, alike. The built-in sections' schemas are handed in by the
 * build: the pipeline imports no section.
 */
import { createRequire } from 'node:module'
import type { JsonSchema } from '../types.ts'
import { configAjv, schema } from './validate.ts'

// CommonJS with its function on `.default`: required, not imported, so that every loader (tsx,
// esbuild, node) agrees on where the function is.
const { default: standaloneCode } = createRequire(import.meta.url)('ajv/dist/standalone') as typeof import('ajv/dist/standalone/index.js')

export function precompiledModule(optionsSchemas: readonly JsonSchema[]): string {
  const ajv = configAjv({ source: true, esm: true })
  ajv.addSchema(schema, 'file')
  const options = optionsSchemas.map((s, i) => {
    ajv.addSchema(s, `options_${i}`)
    return [JSON.stringify(s), `options_${i}`] as const
  })
  const code = standaloneCode(ajv, Object.fromEntries([['file', 'file'], ...options.map(([, id]) => [id, id])]))
  const table = options.map(([text, id]) => `[${JSON.stringify(text)}, ${id}]`).join(',\n  ')
  return `${code}\nexport const precompiled = { file, options: new Map([\n  ${table}\n]) };\n`
}
