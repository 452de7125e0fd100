/**
 * The public pages prerendered at build time to HTML (scripts/prerender.mjs) and listed in
 * /sitemap.xml. Every other route is rendered in the browser.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/how-it-works',
  '/faq',
  '/privacy',
  '/terms',
  '/contact',
  '/about',
  '/login',
  '/signup',
  '/forgot-password',
] as const
