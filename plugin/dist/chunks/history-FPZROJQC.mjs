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
} from "./chunk-V62BGRMT.mjs";
import "./chunk-FXJPHYWP.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-PIFK4JZB.mjs";
import "./chunk-5EQP25BN.mjs";
import "./chunk-JGDWI2EV.mjs";
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
