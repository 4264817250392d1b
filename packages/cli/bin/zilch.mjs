#!/usr/bin/env node
// The compiled CLI (`npm install` builds it; `npm run build` after changing sources).
import module from 'node:module';

// Node 22.1+ can keep compiled code between runs, which makes a short command start faster;
// older Node has no such cache and starts as before.
module.enableCompileCache?.();
await import('../dist/main.js');
