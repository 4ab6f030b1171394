#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-BLKHF4WF.mjs";
import "./chunk-2Q6QKILD.mjs";
import "./chunk-SVF5SXZF.mjs";
import "./chunk-RHV63WVG.mjs";
import "./chunk-XLDG2IXN.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
