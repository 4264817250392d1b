/** A refusal said to the person (announced as it appears). */
export function Alert({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="error">
      {text}
    </p>
  ) : null;
}

/** A date as this device writes it. */
export function day(ms: number): string {
  return new Date(ms).toLocaleDateString();
}
