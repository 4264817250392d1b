import { defaultCacheDir } from '@zilch/strategy/node';

/** The solver cache directory: $ZILCH_CACHE_DIR, else ~/.cache/zilch (the server's default too). */
export function cacheDir(): string {
  return process.env.ZILCH_CACHE_DIR || defaultCacheDir();
}
