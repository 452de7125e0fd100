/**
 * Counts failed logins in a sliding window, per e-mail and per client address (in memory: one
 * process serves the app). Blocked once an e-mail has `perEmail` failures or an address `perIp`.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly opts = { perEmail: 5, perIp: 20, windowMs: 15 * 60 * 1000 },
    private readonly now = () => Date.now(),
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.opts.windowMs
    const list = (this.failures.get(key) ?? []).filter((t) => t > since)
    if (list.length) this.failures.set(key, list)
    else this.failures.delete(key)
    return list
  }

  isBlocked(email: string, ip: string): boolean {
    return (
      this.recent(`e:${email}`).length >= this.opts.perEmail ||
      this.recent(`i:${ip}`).length >= this.opts.perIp
    )
  }

  fail(email: string, ip: string): void {
    const t = this.now()
    for (const key of [`e:${email}`, `i:${ip}`]) this.failures.set(key, [...this.recent(key), t])
    if (this.failures.size > 50_000) this.prune()
  }

  succeed(email: string): void {
    this.failures.delete(`e:${email}`)
  }

  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key)
  }
}
