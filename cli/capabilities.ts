/**
 * The CLI as a host: files are read from disk; a model is whatever the command line offers
 * (cli/model.ts: recorded replies, the Anthropic API, or none — then the sections that need one
 * drop with SECTION_NO_MODEL and say why).
 */
import { readFile } from 'node:fs/promises'
import type { Capabilities, FileCapability, ModelCapability } from '../pipeline/capabilities.ts'
import { systemClock } from '../pipeline/capabilities.ts'

export const diskFiles: FileCapability = {
  async read({ path, offset, limit }, signal) {
    try {
      const text = await readFile(path, { encoding: 'utf8', signal })
      if (offset === undefined && limit === undefined) return { ok: true, text }
      const lines = text.split('\n')
      const from = Math.max(0, (offset ?? 1) - 1)
      return { ok: true, text: lines.slice(from, limit === undefined ? undefined : from + limit).join('\n') }
    } catch (err) {
      return { ok: false, reason: (err as Error).message }
    }
  },
}

export function cliCapabilities(model: ModelCapability | null = null): Capabilities {
  return { host: 'cli', model, files: diskFiles, now: systemClock }
}
