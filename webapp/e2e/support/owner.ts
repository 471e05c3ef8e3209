import { execFileSync } from 'node:child_process';

/**
 * SQL as the database's owner, for what the app itself may never do: change an event row behind
 * its back, as an audit test must (issue 37). ops/test names the database and its psql.
 */
export function asOwner(sql: string): string {
  const url = process.env.TRIBUNE_E2E_OWNER_DB;
  if (!url) throw new Error('TRIBUNE_E2E_OWNER_DB is not set (run the journeys through ops/test)');
  return execFileSync(
    process.env.TRIBUNE_E2E_PSQL || 'psql',
    [url, '-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { encoding: 'utf8' },
  ).trim();
}

/** Changes one event of a record in place (its author's name), as a tamperer would. */
export function tamperEvent(recordType: string, recordId: string, sequence: number): void {
  const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;
  asOwner(
    `UPDATE events SET metadata = metadata || '{"user_name": "Ingen"}' ` +
      `WHERE aggregate_type = ${quoted(recordType)} AND aggregate_id = ${quoted(recordId)} ` +
      `AND sequence = ${Math.trunc(sequence)}`,
  );
}
