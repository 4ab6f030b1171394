#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  SectionDropError
} from "./chunk-JGDWI2EV.mjs";

// pipeline/marker.ts
var pad = (n) => String(n).padStart(3, "0");
var MARKER_RE = /^<!-- compact-handoff: session=(\S+) n=(\d+) prev=(\d+|none) -->$/;
function lineageMarker(sessionId, lineage) {
  return `<!-- compact-handoff: session=${sessionId} n=${pad(lineage.n)} prev=${lineage.prev === null ? "none" : pad(lineage.prev)} -->`;
}
function parseMarker(text) {
  const m = MARKER_RE.exec(text.split("\n", 1)[0]);
  if (!m) return null;
  return { sessionId: m[1], n: Number(m[2]), prev: m[3] === "none" ? null : Number(m[3]) };
}

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
  throw new SectionDropError("SECTION_NO_MODEL", "needs a model and the host offers none (from the CLI: --model-replies FILE, or ANTHROPIC_API_KEY)");
}

export {
  lineageMarker,
  parseMarker,
  systemClock,
  bindCapabilities,
  requireModel
};
