#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  buildHandoff,
  configFiles,
  configProblemsAhead,
  defaultConfigFile,
  importPackages,
  prepareSections
} from "./chunk-TH66MBAP.mjs";
import "./chunk-3UAVYRSR.mjs";
import "./chunk-5VTZYHP3.mjs";
import "./chunk-7KAIWO3K.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  buildHandoff,
  configFiles,
  configProblemsAhead,
  defaultConfigFile,
  importPackages,
  prepareSections
};
