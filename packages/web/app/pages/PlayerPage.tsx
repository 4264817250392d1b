import type { PlayerRatings } from '@zilch/protocol';
import { useEffect, useState } from 'react';
import { Avatar } from '../components/Avatar.tsx';
import { BotMark } from '../components/BotMark.tsx';
import { Ratings } from '../components/Ratings.tsx';
import { getPlayerRatings } from '../lib/api.ts';
import { SocialButtons } from './friends/SocialButtons.tsx';

/** A player's public profile: name, avatar and ratings (accounts only). */
export default function PlayerPage({ id }: { id: string }) {
  const [data, setData] = useState<PlayerRatings | null | undefined>(undefined);
  useEffect(() => void getPlayerRatings(id).then((r) => setData(r.ok ? r.value : null)), [id]);
  if (data === undefined) return <p className="loading">Loading…</p>;
  if (data === null)
    return (
      <section className="page narrow">
        <h1>No such player</h1>
        <p>This player has no account here (or deleted it).</p>
      </section>
    );
  return (
    <section className="page narrow profile">
      <h1 className="row">
        <Avatar user={{ name: data.player.name, colour: data.player.colour }} size={40} />{' '}
        {data.player.name}
        {data.player.bot && (
          <BotMark page={`/bots/${encodeURIComponent(id)}`} name={data.player.name} />
        )}
      </h1>
      <SocialButtons to={{ userId: id }} name={data.player.name} userId={id} />
      <Ratings data={data} />
    </section>
  );
}
