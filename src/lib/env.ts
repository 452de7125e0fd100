/** Build-time settings. The API always lives on the app's own origin (DESIGN.md: one process). */
export const env = {
  apiPrefix: '/api',
  isDev: import.meta.env.DEV,
} as const
