#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);

// pipeline/codes.ts
var DROP_CODES = {
  SECTION_TIMEOUT: "the section did not finish within timeoutMs",
  SECTION_THREW: "the section threw or rejected",
  SECTION_OVER_BUDGET: "the section returned more characters than budgetChars",
  SECTION_EMPTY: "the section returned nothing",
  SECTION_DISABLED: "the section is switched off in the config",
  SECTION_LOAD_FAILED: "the section package could not be loaded",
  SECTION_SIZE_GUARD: "the whole handoff was over its size guard; this section had the lowest priority",
  SECTION_NO_MODEL: "the section needs a model and the host offers none",
  SECTION_MODEL_FAILED: "the model call failed",
  SECTION_MODEL_EMPTY: "the model answered, but with nothing the section could use",
  SECTION_CANCELLED: "the run was cancelled (its signal aborted) before the section started",
  SECTION_STRAY_REJECTION: "a promise the section left behind rejected and nothing handled it",
  SECTION_EXITED: "the section's code ended its thread (process.exit, or a crash of its worker)"
};
var ERROR_CODES = {
  CONFIG_INVALID: { exit: 1, means: "the pipeline config has errors" },
  TRANSCRIPT_UNREADABLE: { exit: 1, means: "the transcript could not be read" },
  TRANSCRIPT_EMPTY: { exit: 1, means: "the transcript (or the part asked for) holds no conversation" },
  TRANSCRIPT_TOO_LARGE: { exit: 1, means: "the transcript is larger than the reader takes" },
  DATA_DIR_UNUSABLE: { exit: 1, means: "the data dir is not a directory, or cannot be read" },
  OUTPUT_UNWRITABLE: { exit: 1, means: "the file --out names could not be written (permission, a full disk)" },
  STORE_REFUSED: { exit: 1, means: "the store cannot answer what was asked: an unknown session, a compaction or a line that is not there" },
  USAGE: { exit: 2, means: "the command line is not understood" },
  INTERNAL: { exit: 3, means: "something went wrong that the program did not expect (a bug: --verbose shows the stack)" }
};
var HandoffError = class extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "HandoffError";
    this.exitCode = ERROR_CODES[code].exit;
  }
  code;
  exitCode;
};
var SectionDropError = class extends Error {
  constructor(code, message, record) {
    super(message);
    this.code = code;
    this.record = record;
    this.name = "SectionDropError";
  }
  code;
  record;
};
function isSectionDrop(err) {
  if (err instanceof SectionDropError) return true;
  const e = err;
  return !!e && e.name === "SectionDropError" && typeof e.code === "string" && e.code in DROP_CODES;
}

export {
  DROP_CODES,
  ERROR_CODES,
  HandoffError,
  SectionDropError,
  isSectionDrop
};
