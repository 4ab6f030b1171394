#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
} from "./chunk-3QCYCOD5.mjs";
import "./chunk-HRNTILAR.mjs";
import "./chunk-5VTZYHP3.mjs";
import "./chunk-ZOHE33NY.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  buildHandoff,
  configFiles,
  defaultConfigFile,
  importPackages,
  prepareSections
};
