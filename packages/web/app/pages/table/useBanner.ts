import { useEffect, useState } from 'react';
import type { BannerInfo } from '../../lib/banners.ts';

/**
 * The banner the playback calls for (see bannerAfter), until it is replaced or cleared there, or
 * 3.5 s have passed without either; game over stays.
 */
export function useBanner(banner: BannerInfo | null): BannerInfo | null {
  const [expired, setExpired] = useState<BannerInfo | null>(null);
  useEffect(() => {
    if (!banner || banner.kind === 'over') return;
    const t = setTimeout(() => setExpired(banner), 3500);
    return () => clearTimeout(t);
  }, [banner]);
  return banner && banner !== expired ? banner : null;
}
