/**
 * A section's context as the runner builds it, for tests that call `run` directly: a CLI host
 * with no model and no files, the first compaction of a session, a fresh signal.
 */
import type { SectionContext, SectionDefinition, SectionResult, Transcript } from '../pipeline/index.ts'

export function sectionContext<O extends object>(
  def: SectionDefinition<O>,
  transcript: Transcript,
  over: { options?: Partial<O>; budgetChars?: number } = {},
): SectionContext<O> {
  return {
    name: def.name,
    input: { trigger: 'cli', sessionId: 's', cwd: '/p', transcript, lineage: { n: 1, prev: null, earlier: [] } },
    options: { ...def.defaults.options, ...over.options } as O,
    budgetChars: over.budgetChars ?? def.defaults.budgetChars,
    timeoutMs: def.defaults.timeoutMs,
    signal: new AbortController().signal,
    capabilities: { host: 'cli', model: null, files: null, now: Date.now },
    report: { note: () => {}, notes: [] },
    needed: {},
  }
}

/** Runs a section the way the runner would call it, and returns what it returned. */
export const runSection = async <O extends object>(
  def: SectionDefinition<O>,
  transcript: Transcript,
  over: { options?: Partial<O>; budgetChars?: number } = {},
) => (await def.run(sectionContext(def, transcript, over))) as SectionResult
