#!/usr/bin/env node
// The compiled CLI (`npm install` builds it; `npm run build` after changing sources).
await import('../dist/main.js');
