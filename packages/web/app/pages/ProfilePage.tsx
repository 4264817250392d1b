import { useState } from 'react';
import { Link } from 'wouter';
import { Notifications } from '../components/Notifications.tsx';
import { useUser } from '../lib/account.ts';
import { Identity } from './profile/Identity.tsx';
import { LooksPicker } from './profile/LooksPicker.tsx';
import { AccuracyTrend } from './analysis/AccuracyTrend.tsx';
import {
  MakePasskey,
  Passkeys,
  Recovery,
  SaveWithPasskey,
  ShowCodes,
} from './profile/Passkeys.tsx';
import { Games, MyRatings, Stats } from './profile/History.tsx';
import { Leave } from './profile/Leave.tsx';
import { TournamentHistory } from './tournaments/TournamentHistory.tsx';
import { BotTokens } from './botapi/BotTokens.tsx';

/** The profile: identity, passkeys, recovery codes, statistics, games, sign out and delete. */
export default function ProfilePage() {
  const user = useUser();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (user === undefined) return <p className="loading">Loading…</p>;
  return (
    <section className="page narrow profile">
      <h1>Your profile</h1>
      {user === null ? (
        <>
          <NoIdentity onCodes={setCodes} />
          <LooksPicker account={false} />
        </>
      ) : (
        <>
          <Identity user={user} />
          <LooksPicker account={user.kind === 'account'} />
          {codes && <ShowCodes codes={codes} onDone={() => setCodes(null)} />}
          {user.kind === 'guest' ? (
            <SaveWithPasskey onCodes={setCodes} />
          ) : (
            <>
              <Passkeys user={user} />
              <Notifications />
              <Recovery user={user} onCodes={setCodes} />
              <BotTokens />
            </>
          )}
          <MyRatings user={user} />
          {user.kind === 'account' && <AccuracyTrend userId={user.id} />}
          {user.kind === 'account' && <TournamentHistory userId={user.id} />}
          <Stats />
          <Games />
          <Leave user={user} />
        </>
      )}
    </section>
  );
}

/** A device without identity: sign in, or make an account here with a passkey. */
function NoIdentity({ onCodes }: { onCodes: (c: string[]) => void }) {
  return (
    <div className="card">
      <p>
        You are playing as a guest without a profile on this device. Sign in to see your games, or
        make an account here with a passkey: no password, nothing to remember.
      </p>
      <div className="row">
        <Link href="/signin" className="btn primary">
          Sign in
        </Link>
        <MakePasskey label="Create an account with a passkey" onCodes={onCodes} />
      </div>
    </div>
  );
}
