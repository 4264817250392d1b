import { lazy, Suspense, useEffect } from 'react';
import { Link, Route, Switch, useLocation } from 'wouter';
import { SoundToggle } from './components/SoundToggle.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { TablePage } from './pages/TablePage.tsx';

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

/** The whole app: a header, the routed page and a footer. */
export function App() {
  const [location] = useLocation();
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
          Zilch
        </Link>
        <nav aria-label="Main">
          <Link href="/new">New table</Link>
          <Link href="/rules">Rules</Link>
          <SoundToggle />
        </nav>
      </header>
      <main id="main">
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/new" component={CreatePage} />
            <Route path="/rules" component={RulesIndex} />
            <Route path="/rules/:preset">{(p) => <RulesPage preset={p.preset} />}</Route>
            <Route path="/t/:id/review">{(p) => <ReviewPage id={p.id} />}</Route>
            <Route path="/t/:id/fairness">{(p) => <FairnessPage id={p.id} />}</Route>
            <Route path="/t/:id">{(p) => <TablePage id={p.id} />}</Route>
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </main>
      <footer className="site">
        <p>
          Provably fair dice: every game publishes a commitment before the first roll.{' '}
          <Link href="/rules">How to play</Link>
        </p>
      </footer>
    </>
  );
}
