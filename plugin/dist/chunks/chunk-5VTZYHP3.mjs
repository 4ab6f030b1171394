#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  SectionDropError
} from "./chunk-ORPKAE4C.mjs";

// pipeline/capabilities.ts
var systemClock = () => Date.now();
function bindCapabilities(capabilities, section) {
  const { model, files } = capabilities;
  return {
    ...capabilities,
    model: model && {
      fork: (req, signal) => model.fork({ ...req, section }, signal),
      complete: (req, signal) => model.complete({ ...req, section }, signal)
    },
    files: files && { read: (req, signal) => files.read({ ...req, section }, signal) }
  };
}
function requireModel(capabilities) {
  if (capabilities.model) return capabilities.model;
  throw new SectionDropError("SECTION_NO_MODEL", "needs a model and the host offers none");
}

export {
  systemClock,
  bindCapabilities,
  requireModel
};
