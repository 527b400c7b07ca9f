import type { CompiledQuery, DatabaseConnection } from "kysely";

/*
 * The last net under the forms' own checks (app/core/typed-text.ts): PostgreSQL refuses a
 * NUL character in a text with an error, which would answer 500 and lose what a visitor
 * sent; SQLite would store it. On both engines, a query holding one is refused before it
 * reaches the database, as a 400 with a French message (a Response thrown in an action or a
 * loader is answered with its own status), and the transaction around it rolls back.
 */

export const NUL_MESSAGE =
  "Un caractère invisible non autorisé a été envoyé : retirez-le et renvoyez le formulaire.";

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  return false;
}

function refuseNul(query: CompiledQuery): void {
  if (query.parameters.some(holdsNul) || query.sql.includes("\u0000")) {
    throw new Response(NUL_MESSAGE, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}

const guarded = new WeakSet<DatabaseConnection>();

/** The connection, its queries checked first (once per connection, which drivers reuse). */
export function guardAgainstNul(connection: DatabaseConnection): DatabaseConnection {
  if (guarded.has(connection)) return connection;
  guarded.add(connection);
  const executeQuery = connection.executeQuery.bind(connection);
  const streamQuery = connection.streamQuery.bind(connection);
  connection.executeQuery = (query) => {
    refuseNul(query);
    return executeQuery(query);
  };
  connection.streamQuery = (query, chunkSize) => {
    refuseNul(query);
    return streamQuery(query, chunkSize);
  };
  return connection;
}
