/** A route's head(): one title per page so history, tabs and screen readers tell pages apart. */
export function pageHead(title: string) {
  return () => ({ meta: [{ title: `${title} · Tote` }] })
}
