/**
 * The CLI as a host: files are read from disk; a model is whatever the command line offers
 * (cli/model.ts: recorded replies, the Anthropic API, or none — then the sections that need one
 * drop with SECTION_NO_MODEL and say why).
 */
import { readFile } from 'node:fs/promises'
import type { Capabilities, FileCapability, ModelCapability } from '../pipeline/capabilities.ts'
import { systemClock } from '../pipeline/capabilities.ts'
import { numberLines } from '../pipeline/render.ts'

/** Files read off the disk, shown as the Read tool shows them (numbered lines), so a restored
 *  file reads the same from the CLI, a rehearsal and a live run. */
export const diskFiles: FileCapability = {
  async read({ path, offset, limit }, signal) {
    try {
      return { ok: true, text: numberLines(await readFile(path, { encoding: 'utf8', signal }), offset, limit) }
    } catch (err) {
      return { ok: false, reason: (err as Error).message }
    }
  },
}

export function cliCapabilities(model: ModelCapability | null = null): Capabilities {
  return { host: 'cli', model, files: diskFiles, now: systemClock }
}
