/**
 * Build-time only (build.mjs): the ES module that stands in for ./precompiled.ts in the bundle.
 * ajv's standalone code, compiled with the options the pipeline compiles with at run time, so both
 * ways validate, and word their errors, alike. The built-in sections' schemas are handed in by the
 * build: the pipeline imports no section.
 */
import { createRequire } from 'node:module'
import type { JsonSchema } from '../types.ts'
import { ConfigFile, configAjv, schema } from './validate.ts'

// CommonJS with its function on `.default`: required, not imported, so that every loader (tsx,
// esbuild, node) agrees on where the function is.
const { default: standaloneCode } = createRequire(import.meta.url)('ajv/dist/standalone') as typeof import('ajv/dist/standalone/index.js')

/**
 * The module's code: a validator for schema.json and for each of `optionsSchemas`, and, when
 * given, the default config's text and what it holds (it must be free of issues: the build fails
 * otherwise, naming them).
 */
export function precompiledModule(optionsSchemas: readonly JsonSchema[], defaultConfig?: { file: string; text: string }): string {
  const ajv = configAjv({ source: true, esm: true })
  ajv.addSchema(schema, 'file')
  const options = optionsSchemas.map((s, i) => {
    ajv.addSchema(s, `options_${i}`)
    return [JSON.stringify(s), `options_${i}`] as const
  })
  const code = standaloneCode(ajv, Object.fromEntries([['file', 'file'], ...options.map(([, id]) => [id, id])]))
  const table = options.map(([text, id]) => `[${JSON.stringify(text)}, ${id}]`).join(',\n  ')
  let known = ''
  if (defaultConfig) {
    const read = new ConfigFile(defaultConfig.file, defaultConfig.text)
    if (read.issues.length) throw new Error(`${defaultConfig.file} has issues:\n${read.issues.map((i) => `${i.line}:${i.col} ${i.message}`).join('\n')}`)
    known = `,\n  defaultConfig: ${JSON.stringify({ text: defaultConfig.text, data: read.data })}`
  }
  return `${code}\nexport const precompiled = { file, options: new Map([\n  ${table}\n])${known} };\n`
}
