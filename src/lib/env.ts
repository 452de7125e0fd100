/** Build-time settings. The API always lives on the app's own origin (docs/design.md: one process). */
export const env = {
  apiPrefix: '/api',
  isDev: import.meta.env.DEV,
} as const
