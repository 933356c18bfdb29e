// The envelope's status values (spec §3): 1 success, 0 or 2 error with a message, -1 bad request.
// Kept free of zod so code that only needs the values (the web app's first bundle) does not load it.
export const STATUS = { ok: 1, error: 0, failed: 2, badRequest: -1 } as const;
