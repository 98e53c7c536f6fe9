import type { Db } from './client';

/**
 * A fixed SQL text with positional parameters ($1, $2 …), run on the driver under a Drizzle
 * handle or transaction (postgres.js or PGlite) without Drizzle building the query or mapping
 * its rows (issue #19: on the send path, building and mapping the queries was the largest part
 * of the node's CPU after Next's own request handling). For the few hot statements only; the
 * rest of the code keeps Drizzle's typed builders.
 *
 * Rows come as the driver parses them, which differs between the two drivers for some types:
 * timestamps (postgres.js under Drizzle gives strings, PGlite gives Dates) and int8 (a string
 * from postgres.js). A statement run here should return int4, float8, bool, text or json(b)
 * columns, and cast anything else (`extract(epoch from t) * 1000` as float8 for a moment, int8 as
 * float8 or text). Parameters go as they are: a Date or a jsonb value should be passed as text
 * (`toISOString()`, `JSON.stringify`) and cast in the statement.
 *
 * The result is lazy (postgres.js sends a query when it is first awaited; PGlite's is started in
 * `then`), so several can be pipelined in order (lib/domain/operations/send-store.ts `pipelined`). On postgres.js
 * the statement is prepared once per connection (db/client.ts `preparing`).
 */
export function rawQuery<Row>(db: Db, text: string, params: readonly unknown[]): PromiseLike<Row[]> {
  const client = (db as unknown as { session: { client: unknown } }).session.client as RawClient;
  if ('unsafe' in client) {
    // postgres.js: a lazy Query whose rows are the result itself.
    return client.unsafe(text, params as unknown[]) as unknown as PromiseLike<Row[]>;
  }
  return {
    then(onfulfilled, onrejected) {
      return client.query<Row>(text, params as unknown[]).then((r) => r.rows).then(onfulfilled, onrejected);
    },
  };
}

type RawClient =
  | { unsafe: (text: string, params?: unknown[]) => PromiseLike<unknown> }
  | { query: <Row>(text: string, params?: unknown[]) => Promise<{ rows: Row[] }> };

