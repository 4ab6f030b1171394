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
} from "./chunk-AZPQC7QR.mjs";
import "./chunk-P7EN33WT.mjs";
import "./chunk-GPZWB6SD.mjs";
import "./chunk-S2M2GLMU.mjs";
import "./chunk-AKNG3DCM.mjs";
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
