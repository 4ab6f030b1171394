/**
 * The public surface for sections, built-in and third-party alike: `defineSection`, the types a
 * section sees, the capability interface, and the helpers every model-calling section shares
 * (SectionDropError to choose a drop code, pricing, the conversation as text). Nothing else of
 * the pipeline is exported here.
 */
import type { SectionDefinition } from './types.ts'

export type {
  HandoffMessage,
  JsonSchema,
  Lineage,
  PipelineInput,
  Reporter,
  SectionContext,
  SectionDefinition,
  SectionInput,
  SectionOutcome,
  SectionResult,
  Trigger,
} from './types.ts'
export type { Capabilities, FileCapability, ModelAnswer, ModelCapability, ModelUsage, ReadAnswer, ReadRequest } from './capabilities.ts'
export {
  checkPath,
  DEFAULT_DENY,
  type PathVerdict,
  readBounded,
  type ReadPolicy,
  readPolicy,
  type ReadPolicyOptions,
  refusalOf,
  resolveIn,
  READ_POLICY_OPTIONS,
  secretPattern,
  binaryText,
  callOutputRefusal,
  hideSecretValues,
  hideSecretValuesInCommand,
  PATH_FIELDS,
} from './read-policy.ts'
export type { CompactBoundary, Message, MessageKind, ToolResult, ToolUse, Transcript } from './transcript.ts'
export { windowStart, withoutEngineNotes } from './transcript.ts'
export { parseMarker } from './marker.ts'
export { DROP_CODES, type DropCode, SectionDropError } from './codes.ts'
export { clip, type ClipOptions, fmt, lineCount, lineSpan, oneLine, shortPath } from './text.ts'
export { requireModel } from './capabilities.ts'
export { type Cost, costOf, type ModelCallRow, modelCallRow, type ModelPath, normalizeModelId, type Price, PRICES, priceOf, type Rates } from './pricing.ts'
export {
  type Copy,
  ENGINE_ATTACHED,
  FILE_TOOLS,
  fileLines,
  fileTouches,
  lastCopy,
  onSessionMachine,
  READ_TOOL_LINES,
  readText,
  type Touch,
} from './file-touches.ts'
export { errorReason, isFailure } from './tool-errors.ts'
export { keyInput, numberLines, type RenderedConversation, renderConversation, renderMessage, type RenderOptions, shortInput } from './render.ts'

/** Identity at runtime; it exists so a section's options are typed from its definition.
 *  `object`, not `Record<string, unknown>`: an options `interface` has no index signature. */
export function defineSection<Options extends object = Record<string, unknown>>(definition: SectionDefinition<Options>): SectionDefinition<Options> {
  return definition
}
