// Types of test-sandbox.mjs, which the plain-Node test runner imports too.

/** The developer's solution cache: what the server and the CLI use outside tests. */
export function developerCacheDir(): string;

/**
 * Opens this run's sandbox (or joins the one a parent process opened) and points ZILCH_DATA_DIR
 * and ZILCH_CACHE_DIR at it; returns its directory.
 */
export function openSandbox(): string;
