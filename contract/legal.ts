/**
 * The version of the public Terms of service (/terms) and Privacy policy (/privacy): the day their
 * text last changed (decision 044). Change it with their text; sign-up records the version
 * accepted. zod-free, so the prerendered public pages import it without the validation library.
 */
export const SITE_TERMS_VERSION = '2026-11-27'
