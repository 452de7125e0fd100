/**
 * The bench's load generator, forked by bench.ts so autocannon does not share the app's event loop.
 * Gets {url, token, connections, seconds, cities: [lat, lng, name][]} over IPC, drives
 * POST /api/available-items with realistic routes (city pairs 50–1 500 km apart, radius 5–50 km,
 * as bench.ts's randomRoute) and answers the
 * latency percentiles, requests/s and counts.
 */
import autocannon from 'autocannon'

process.once('message', (job) => {
  const { url, token, connections, seconds, cities } = job
  // Bigger cities more often: index = floor(C · u²) (the list is sorted by population).
  const pick = () => cities[Math.floor(cities.length * Math.random() ** 2)]
  // Great-circle km on earthdistance's sphere (corridor-geometry.ts EARTH_KM).
  const rad = Math.PI / 180
  const km = (a, b) => {
    const h =
      Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 +
      Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2
    return 2 * 6378.168 * Math.asin(Math.min(1, Math.sqrt(h)))
  }
  const route = () => {
    for (;;) {
      const a = pick()
      const b = pick()
      const d = km(a, b)
      if (a === b || d < 50 || d > 1500) continue
      return {
        radius_km: 5 + Math.floor(Math.random() * 46),
        origin_address: { lat: a[0], lng: a[1], address: a[2] },
        destination_address: { lat: b[0], lng: b[1], address: b[2] },
      }
    }
  }
  const latencies = []
  let found = 0
  const instance = autocannon(
    {
      url,
      method: 'POST',
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (req) => ({ ...req, body: JSON.stringify(route()) }),
          onResponse: (status, body) => {
            if (status === 200 && JSON.parse(body).data.pagination.total > 0) found++
          },
        },
      ],
    },
    (err, res) => {
      if (err) {
        process.send({ error: String(err) }, () => process.exit(1))
        return
      }
      latencies.sort((x, y) => x - y)
      const pct = (p) =>
        latencies.length
          ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]
          : 0
      process.send(
        {
          p50: pct(50),
          p95: pct(95),
          p99: pct(99),
          rps: res.requests.average,
          total: res.requests.total,
          non2xx: res.non2xx,
          errors: res.errors,
          found,
        },
        () => process.exit(0),
      )
    },
  )
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
})
