/** A route's head(): one title per page so history, tabs and screen readers tell pages apart. */
export function pageHead(title: string) {
  return () => ({ meta: [{ title: `${title} · Tote` }] })
}

export interface PublicPageHead {
  title: string
  /** One or two sentences: what a search result or a shared link shows under the title. */
  description: string
  /** The page's own path (its canonical address). */
  path: string
}

/**
 * A public page's head: title, meta description, canonical link and Open Graph tags. Relative
 * addresses are made absolute with the site's origin (VITE_APP_ORIGIN at build, else the origin
 * the page is on).
 */
export function publicPageHead({ title, description, path }: PublicPageHead) {
  return () => {
    const origin =
      import.meta.env.VITE_APP_ORIGIN || (typeof location === 'undefined' ? '' : location.origin)
    const url = `${origin}${path}`
    const fullTitle = path === '/' ? `Tote · ${title}` : `${title} · Tote`
    return {
      meta: [
        { title: fullTitle },
        { name: 'description', content: description },
        { property: 'og:type', content: 'website' },
        { property: 'og:site_name', content: 'Tote' },
        { property: 'og:title', content: fullTitle },
        { property: 'og:description', content: description },
        ...(origin ? [{ property: 'og:url', content: url }] : []),
        ...(origin ? [{ property: 'og:image', content: `${origin}/icons/icon-512.png` }] : []),
      ],
      links: [{ rel: 'canonical', href: url }],
    }
  }
}
