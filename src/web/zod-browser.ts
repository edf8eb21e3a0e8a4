// In the browser build 'zod' resolves to this module (vite.config.ts). The site's CSP allows no eval, and
// zod probes `new Function` when it builds an object schema unless told to parse without it: told here,
// before any schema of the app is built, since every importer of 'zod' evaluates after this module.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
