/**
 * At most `size` tasks run at once; the others wait their turn, first come first served. For work
 * that takes a core and a lot of memory while it runs (image decoding, decision 028): a burst of
 * uploads queues instead of every request decoding at the same time.
 */
export class WorkSlots {
  #active = 0
  readonly #queue: (() => void)[] = []

  constructor(readonly size: number) {}

  /** Tasks running now. */
  get active(): number {
    return this.#active
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#queue.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active < this.size) this.#active++
    // A finishing task hands its slot over directly, so `active` never dips and rises past `size`.
    else await new Promise<void>((resolve) => this.#queue.push(resolve))
    try {
      return await task()
    } finally {
      const next = this.#queue.shift()
      if (next) next()
      else this.#active--
    }
  }
}
