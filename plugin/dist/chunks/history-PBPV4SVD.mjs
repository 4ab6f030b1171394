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
} from "./chunk-2PED33TH.mjs";
import "./chunk-6O7FLDIY.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-GS3UQNYK.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-SI3UZQDI.mjs";
import "./chunk-LOLXCKOV.mjs";
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
