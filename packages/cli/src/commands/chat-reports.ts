import { listChatReports } from '@zilch/server';
import { printJson } from '../output.ts';
import type { ChatReportsOptions } from '../register/chat-reports.ts';
import { usage } from '../usage-error.ts';

/** `zilch chat-reports`: prints the newest reports of the store (one block each, or JSON). */
export async function chatReports(o: ChatReportsOptions): Promise<void> {
  const limit = Number(o.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    usage('--limit takes a whole number from 1 to 1000');
  const reports = await listChatReports(
    {
      ...process.env,
      ...(o.data ? { ZILCH_DATA_DIR: o.data, DATABASE_URL: undefined } : {}),
      ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    },
    limit,
  );
  if (o.json) return printJson({ ok: true, reports });
  if (reports.length === 0) {
    process.stdout.write('No reported messages.\n');
    return;
  }
  for (const r of reports) {
    process.stdout.write(
      `${new Date(r.at).toISOString()}  game ${r.gameId}  message ${r.messageId}\n` +
        `  ${r.author}: ${JSON.stringify(r.text)}\n` +
        `  reported by ${r.reporter}${r.reason ? `: ${JSON.stringify(r.reason)}` : ''}\n`,
    );
  }
}
