/**
 * The built-in sections by name. The config names sections; this is where a name becomes code.
 * Third-party sections are not listed here: they are loaded from the package the config names.
 */
import type { SectionDefinition } from '../pipeline/index.ts'
import turns from './turns/index.ts'

export const builtinSections: Record<string, SectionDefinition<any>> = {
  [turns.name]: turns,
}
