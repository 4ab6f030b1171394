#!/usr/bin/env node
import { createRequire as __chCreateRequire } from 'node:module';
const require = __chCreateRequire(import.meta.url);
import {
  builtinSections
} from "./chunk-2JIFMK4A.mjs";
import "./chunk-L4DODMJP.mjs";
import "./chunk-5VTZYHP3.mjs";
import "./chunk-ZOHE33NY.mjs";
import "./chunk-ORPKAE4C.mjs";
import "./chunk-JULZ67VA.mjs";
export {
  builtinSections
};
