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
  SECTION_NEEDS_FAILED: "a section this one needs was dropped",
  SECTION_SIZE_GUARD: "the whole handoff was over its size guard; this section had the lowest priority",
  SECTION_NO_MODEL: "the section needs a model and the host offers none",
  SECTION_MODEL_FAILED: "the model call failed",
  SECTION_MODEL_EMPTY: "the model answered, but with nothing the section could use"
};
var HandoffError = class extends Error {
  constructor(code, message, exitCode = 1) {
    super(message);
    this.code = code;
    this.exitCode = exitCode;
    this.name = "HandoffError";
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
var fmt = (n) => {
  const [int, frac] = String(n).split(".");
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? `.${frac.slice(0, 3)}` : "");
};

export {
  HandoffError,
  SectionDropError,
  isSectionDrop,
  fmt
};
