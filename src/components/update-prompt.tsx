// Placeholder: replaced by the service-worker update prompt (workbox-window).
export function UpdatePrompt() {
  return null
}
