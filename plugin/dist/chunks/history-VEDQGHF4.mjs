#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  COMMON,
  EXIT,
  command,
  indexCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  statusCommand,
  toolCommand
} from "./chunk-D4EDMBNA.mjs";
import "./chunk-W4WLXWXH.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-GS3UQNYK.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-L4DODMJP.mjs";
import "./chunk-ZOHE33NY.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  COMMON,
  EXIT,
  command,
  indexCommand,
  listCommand,
  lookupCommand,
  searchCommand,
  statusCommand,
  toolCommand
};
