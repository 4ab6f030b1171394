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
} from "./chunk-YWB54IU3.mjs";
import "./chunk-2W7UBUP7.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-GS3UQNYK.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-DC2PNFJN.mjs";
import "./chunk-P7IITSMD.mjs";
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
