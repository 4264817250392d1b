import { useState } from 'react';

/** A link with a copy button (the text stays selectable where the clipboard is unavailable). */
export function CopyLink({ label, url, testId }: { label: string; url: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="copy-link">
      <label>
        <span>{label}</span>
        <input readOnly value={url} onFocus={(e) => e.target.select()} data-testid={testId} />
      </label>
      <button
        type="button"
        className="btn small"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(url);
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          } catch (_e) {
            setCopied(false);
          }
        }}
      >
        {copied ? 'Copied ✓' : 'Copy'}
      </button>
    </div>
  );
}
