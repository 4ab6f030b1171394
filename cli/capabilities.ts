/**
 * The CLI as a host: files are read from disk under the read policy; a model is whatever the
 * command line offers (cli/model.ts: recorded replies, the Anthropic API, or none — then the
 * sections that need one drop with SECTION_NO_MODEL and say why).
 */
import type { Capabilities, ModelCapability } from '../pipeline/capabilities.ts'
import { systemClock } from '../pipeline/capabilities.ts'
import { diskFilesUnder } from '../pipeline/disk-files.ts'
import { type ReadPolicy, readPolicy } from '../pipeline/read-policy.ts'

/** `policy`: the run's own, for a section that reads without one (the transcript's cwd as project). */
export function cliCapabilities(model: ModelCapability | null = null, policy: ReadPolicy = readPolicy(null)): Capabilities {
  return { host: 'cli', model, files: diskFilesUnder(policy), now: systemClock }
}
