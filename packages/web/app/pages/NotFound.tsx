import { Link } from 'wouter';

/** Any unknown address. */
export function NotFound() {
  return (
    <section className="page narrow">
      <h1>Nothing here</h1>
      <p>
        That page does not exist. <Link href="/">Back to the lobby</Link>.
      </p>
    </section>
  );
}
