/**
 * The built-in sections by name. The config names sections; this is where a name becomes code.
 * Third-party sections are not listed here: they are loaded from the package the config names.
 */
import type { SectionDefinition } from '../pipeline/index.ts'
import commitments from './commitments/index.ts'
import excerpts from './excerpts/index.ts'
import ledger from './ledger/index.ts'
import outline from './outline/index.ts'
import recent from './recent/index.ts'
import restore from './restore/index.ts'
import state from './state/index.ts'
import summary from './summary/index.ts'
import turns from './turns/index.ts'

export const builtinSections: Record<string, SectionDefinition<any>> = {
  [summary.name]: summary,
  [ledger.name]: ledger,
  [state.name]: state,
  [commitments.name]: commitments,
  [turns.name]: turns,
  [outline.name]: outline,
  [recent.name]: recent,
  [restore.name]: restore,
  [excerpts.name]: excerpts,
}
