/**
 * The public surface for sections, built-in and third-party alike: `defineSection`, the types a
 * section sees, and the capability interface. Nothing else of the pipeline is exported here.
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
  SectionOutcome,
  SectionResult,
  Trigger,
} from './types.ts'
export type { Capabilities, FileCapability, ModelAnswer, ModelCapability, ModelUsage, ReadAnswer } from './capabilities.ts'
export type { CompactBoundary, Message, MessageKind, ToolResult, ToolUse, Transcript } from './transcript.ts'
export { DROP_CODES, type DropCode, fmt } from './codes.ts'

/** Identity at runtime; it exists so a section's options are typed from its definition. */
export function defineSection<Options extends Record<string, unknown> = Record<string, unknown>>(
  definition: SectionDefinition<Options>,
): SectionDefinition<Options> {
  return definition
}
