import { lazy, Suspense, useEffect } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { Avatar } from './components/Avatar.tsx';
import { SoundToggle } from './components/SoundToggle.tsx';
import { syncDevice, useUser } from './lib/account.ts';
import { adoptAccountLooks } from './lib/looks.ts';
import { useGamesWaiting } from './lib/yourMove.ts';
import { HomePage } from './pages/HomePage.tsx';
import { ChallengeBadge } from './pages/friends/ChallengeBadge.tsx';
import { TournamentNotice } from './pages/tournaments/TournamentNotice.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { TablePage } from './pages/TablePage.tsx';
import { plural } from './lib/words.ts';

// Pages load on demand, so a player opening a table link downloads and runs only the table:
// the rule editor, the rules text (and the rules schema behind them) and uPlot come when needed.
const CreatePage = lazy(() =>
  import('./pages/CreatePage.tsx').then((m) => ({ default: m.CreatePage })),
);
const RulesIndex = lazy(() =>
  import('./pages/RulesPage.tsx').then((m) => ({ default: m.RulesIndex })),
);
const RulesPage = lazy(() =>
  import('./pages/RulesPage.tsx').then((m) => ({ default: m.RulesPage })),
);
const ReviewPage = lazy(() => import('./pages/ReviewPage.tsx'));
const FairnessPage = lazy(() => import('./pages/FairnessPage.tsx'));
const ProfilePage = lazy(() => import('./pages/ProfilePage.tsx'));
const SignInPage = lazy(() => import('./pages/SignInPage.tsx'));
const QuickMatchPage = lazy(() => import('./pages/QuickMatchPage.tsx'));
const LeaderboardPage = lazy(() => import('./pages/LeaderboardPage.tsx'));
const PlayerPage = lazy(() => import('./pages/PlayerPage.tsx'));
const MistakesPage = lazy(() => import('./pages/analysis/MistakesPage.tsx'));
const FriendsPage = lazy(() => import('./pages/friends/FriendsPage.tsx'));
const TournamentLobbyPage = lazy(() => import('./pages/tournaments/LobbyPage.tsx'));
const TournamentPage = lazy(() => import('./pages/tournaments/TournamentPage.tsx'));
const BotPage = lazy(() => import('./pages/bots/BotPage.tsx'));
const PuzzlePage = lazy(() => import('./pages/puzzles/PuzzlePage.tsx'));

/** The whole app: a header, the routed page and a footer. */
export function App() {
  const [location] = useLocation();
  const user = useUser();
  useEffect(() => {
    // An account's dice and felt follow it to every device.
    if (user?.kind === 'account') adoptAccountLooks(user.looks);
  }, [user]);
  useEffect(() => {
    // Seats held here join the device's identity; an account's games come to this device.
    void syncDevice();
  }, []);
  useEffect(() => {
    // Move focus to the new page's heading so keyboard and screen-reader users land on it.
    const h = document.querySelector<HTMLElement>('main h1');
    if (h) {
      h.tabIndex = -1;
      h.focus({ preventScroll: true });
    }
    window.scrollTo(0, 0);
  }, [location]);
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="site">
        <Link href="/" className="brand" aria-label="Zilch home">
          <span aria-hidden="true" className="brand-die">
            ⚄
          </span>
          <span className="brand-word">Zilch</span>
        </Link>
        <nav aria-label="Main">
          <Link href="/new">New table</Link>
          <Link href="/rules">Rules</Link>
          <YourMoveBadge />
          <ChallengeBadge />
          <AccountLink />
          <SoundToggle />
        </nav>
      </header>
      <TournamentNotice />
      <main id="main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/new" component={CreatePage} />
            <Route path="/play" component={QuickMatchPage} />
            <Route path="/rules" component={RulesIndex} />
            <Route path="/rules/:preset">{(p) => <RulesPage preset={p.preset} />}</Route>
            <Route path="/me" component={ProfilePage} />
            <Route path="/signin" component={SignInPage} />
            <Route path="/leaderboard" component={LeaderboardPage} />
            <Route path="/friends" component={FriendsPage} />
            <Route path="/tournaments" component={TournamentLobbyPage} />
            <Route path="/tournaments/:id">{(p) => <TournamentPage id={p.id} />}</Route>
            <Route path="/puzzles">{() => <PuzzlePage />}</Route>
            <Route path="/puzzles/daily">{() => <PuzzlePage daily />}</Route>
            <Route path="/players/:id">{(p) => <PlayerPage id={p.id} />}</Route>
            <Route path="/bots/:id">{(p) => <BotPage id={p.id} />}</Route>
            <Route path="/t/:id/review">{(p) => <ReviewPage id={p.id} />}</Route>
            <Route path="/t/:id/mistakes">{(p) => <MistakesPage id={p.id} />}</Route>
            <Route path="/t/:id/fairness">{(p) => <FairnessPage id={p.id} />}</Route>
            <Route path="/t/:id">{(p) => <TablePage id={p.id} />}</Route>
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </main>
      <footer className="site">
        <p>
          Provably fair dice: every game publishes a commitment before the first roll.{' '}
          <Link href="/rules">How to play</Link> · <Link href="/leaderboard">Leaderboard</Link> ·{' '}
          <Link href="/friends">Friends</Link> · <Link href="/tournaments">Tournaments</Link> ·{' '}
          <Link href="/me">Your profile</Link>
        </p>
      </footer>
    </>
  );
}

/**
 * The header's way to the profile: the avatar once the device has a user, else "Sign in". Its
 * slot keeps one size from the first paint (a placeholder while the user loads), so nothing in
 * the header, or under it, moves when it arrives.
 */
function AccountLink() {
  const user = useUser();
  if (user === undefined) return <span className="account-slot" aria-hidden="true" />;
  if (user === null)
    return (
      <Link href="/signin" className="account-slot signin-link" aria-label="Sign in">
        <svg className="signin-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
        </svg>
        <span className="signin-word">Sign in</span>
      </Link>
    );
  const name = user.name ?? 'Guest';
  return (
    <Link href="/me" className="account-slot account-link" aria-label={`Profile: ${name}`}>
      <Avatar user={user} size={30} />
    </Link>
  );
}

/** "Your move (N)" in the header while games on this device wait for a move; opens "My games". */
function YourMoveBadge() {
  const n = useGamesWaiting();
  const [location] = useLocation();
  if (n === 0) return null;
  return (
    <Link
      href="/#my-games"
      className="your-move-badge"
      data-testid="your-move-badge"
      // The name starts with the words on show (WCAG 2.5.3), then says what they mean.
      aria-label={`Your move (${n}): ${plural(n, 'game', 'games')} waiting for you`}
      onClick={() => {
        // Already home: the location does not change, so bring the list into view here.
        if (location === '/') document.getElementById('my-games')?.scrollIntoView();
      }}
    >
      {/* On a phone only the dot and the number show. */}
      <span className="your-move-word">Your move (</span>
      {n}
      <span className="your-move-word">)</span>
    </Link>
  );
}
