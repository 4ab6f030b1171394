#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-MYL2VJHM.mjs";
import "./chunk-LLQDZTWN.mjs";
import "./chunk-5VTZYHP3.mjs";
import "./chunk-LOLXCKOV.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
