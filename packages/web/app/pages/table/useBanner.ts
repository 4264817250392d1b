import type { GameEvent } from '@zilch/engine';
import { useEffect, useState } from 'react';
import { bannerFor, type BannerInfo } from '../../lib/banners.ts';

/**
 * Follows the events of each pushed update: the banner they call for (gone after 3.5 s, except
 * game over) and a counter that makes the dice tumble on every roll.
 */
export function useBanner(
  fresh: { seq: number; events: GameEvent[] } | null,
  name: (seat: number) => string,
  dice: number,
): { banner: BannerInfo | null; spin: number } {
  const [banner, setBanner] = useState<BannerInfo | null>(null);
  const [spin, setSpin] = useState(0);
  useEffect(() => {
    if (!fresh) return;
    const b = bannerFor(fresh.events, name, dice);
    if (b) setBanner(b);
    if (fresh.events.some((e) => e.type === 'rolled')) setSpin((n) => n + 1);
  }, [fresh, name, dice]);
  useEffect(() => {
    if (!banner || banner.kind === 'over') return;
    const t = setTimeout(() => setBanner(null), 3500);
    return () => clearTimeout(t);
  }, [banner]);
  return { banner, spin };
}
