#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
} from "./chunk-V3VTKQXG.mjs";
import "./chunk-EARDYH65.mjs";
import "./chunk-2NN3RAOG.mjs";
import "./chunk-M7CEWKEQ.mjs";
import "./chunk-JGDWI2EV.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
};
