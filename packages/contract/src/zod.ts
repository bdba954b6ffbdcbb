import { z } from 'zod';

/**
 * zod as every schema here uses it. In a browser it runs without its JIT: the store's
 * Content-Security-Policy refuses eval, and zod's `new Function` probe, which runs as schemas are
 * built, is reported as a violation. Set here, before any schema module's body, because those
 * modules import z from this one. The server keeps the JIT.
 */
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

export { z };
