#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);

// pipeline/codes.ts
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
var HandoffError = class _HandoffError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
    this.name = "HandoffError";
    this.exitCode = ERROR_CODES[code].exit;
  }
  code;
  exitCode;
  /** Whether `err` is one (a ConfigError too), also when it was thrown by another copy of this
   *  class: the bundle's commands run from a CommonJS file of their own (cli/code-cache.ts). */
  static is(err) {
    if (err instanceof _HandoffError) return true;
    if (!(err instanceof Error)) return false;
    const { code, exitCode } = err;
    return typeof code === "string" && Object.hasOwn(ERROR_CODES, code) && typeof exitCode === "number";
  }
};

// cli/terminal.ts
var CONTROL_RE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
function visible(c) {
  const code = c.charCodeAt(0);
  if (code < 32) return String.fromCharCode(9216 + code);
  if (code === 127) return "\u2421";
  return `\\u${code.toString(16).padStart(4, "0")}`;
}
function forTerminal(text) {
  return text.replace(CONTROL_RE, visible);
}
function jsonForTerminal(value) {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export {
  ERROR_CODES,
  HandoffError,
  forTerminal,
  jsonForTerminal
};
