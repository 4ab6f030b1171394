/**
 * A pipeline config's `sections:` entries that switch off every built-in section but `keep`, read
 * from the registry: a test's pipeline then holds only what the test is about, and a section added
 * later is off there too (a list written by hand goes stale the day one is added).
 */
import { builtinSections } from '../sections/index.ts'

export function builtinsOff(...keep: string[]): string {
  return Object.keys(builtinSections)
    .filter((name) => !keep.includes(name))
    .map((name) => `  - name: ${name}\n    enabled: false\n`)
    .join('')
}
