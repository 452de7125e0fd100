/**
 * The one element a query is certain to answer: the row of an INSERT … RETURNING, of an UPDATE of
 * a row known to exist, the one view made of one row. None there is a bug, not a user's mistake:
 * it fails here as a 500 that names `what`, not later as a property read of undefined.
 */
export function one<T>(rows: readonly T[], what: string): T {
  const [row] = rows
  if (row === undefined) throw new Error(`Expected one ${what}, found none`)
  return row
}
