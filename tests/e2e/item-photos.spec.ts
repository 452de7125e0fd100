// Item photos (decisions 018, 028): a sender posts an item with photos through the real form (at 360 px),
// the photos reach a deliverer's card and the item page (at 1280 px and 360 px) without their GPS
// tags, and every bad photo (not an image, an SVG, over 20 MB, a sixth) gets its message and adds
// nothing. The post-item draft survives a reload.
import type { Browser, Page } from '@playwright/test'
import sharp from 'sharp'
import {
  apiCall,
  BERLIN_TO_MUNICH,
  apiLogin,
  postApprovedItem,
  type UploadFile,
} from './support/api'
import { expectImageShown, field, waitForPath } from './support/browser'
import type { TestServer } from './support/server'
import { expect, problemsOf, rolePage, test, type Role } from './fixtures'

const TEST_TIMEOUT_MS = 90_000
/** Where the map's online style comes from (src/components/map-style.ts). */
const DEFAULT_MAP_ORIGIN = 'https://tiles.openfreemap.org'
const ITEM_NAME = `Record player ${Date.now().toString(36)}`

/** A JPEG that says where it was taken (EXIF GPS) and with which camera. */
const photoWithGps = (colour = '#4a7bb7'): Promise<Buffer> =>
  sharp({ create: { width: 2400, height: 1600, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'HomeCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '52/1 31/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '13/1 24/1 0/1',
      },
    })
    .toBuffer()

async function uploadPhoto(
  baseURL: string,
  token: string,
  itemId: string,
  { name, type, bytes }: UploadFile,
): Promise<{ status: number; body: unknown }> {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(bytes)], { type }), name)
  const response = await fetch(new URL(`/api/items/${itemId}/photos`, baseURL), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  })
  return { status: response.status, body: await response.json() }
}

test.describe('item photos', () => {
  test.describe.configure({ timeout: TEST_TIMEOUT_MS })
  let server: TestServer
  let browser: Browser

  test.beforeEach(({ server: current, browser: shared }) => {
    server = current
    browser = shared
  })

  /** Runs `fn` in a page `width` px wide signed in as `role`; no errors, no sideways scroll. */
  async function withPage(role: Role, width: number, fn: (page: Page) => Promise<void>) {
    const session = await rolePage(browser, server.baseURL, role)
    // /available-items with a route draws its map (decision 023) on the online base map's style; the
    // test must not depend on that third-party host being reachable (CI may have no internet),
    // so it gets an empty style, and any other failed load still counts as an error below.
    await session.context.route(`${DEFAULT_MAP_ORIGIN}/**`, (route) =>
      route.fulfill({ json: { version: 8, sources: {}, layers: [] } }),
    )
    await session.page.setViewportSize({ width, height: 900 })
    try {
      await fn(session.page)
      expect(problemsOf(session.page), 'errors recorded during the scenario').toEqual([])
      const overflow = await session.page.evaluate(
        () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
      )
      expect(overflow, `the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
    } finally {
      await session.context.close()
    }
  }

  test('refuses every bad photo with its message and adds nothing', async () => {
    const sender = await apiLogin(server.baseURL, 'sender@example.com')
    const admin = await apiLogin(server.baseURL, 'admin@example.com')
    const item = await postApprovedItem(
      server.baseURL,
      sender.token,
      admin.token,
      `${ITEM_NAME} (api)`,
    )
    const photos = async () =>
      (await apiCall(server.baseURL, sender.token, 'GET', `/api/items/${item.id}`)).data.item.photos
    const refused = async (file: UploadFile, status: number, code: string, message: string) => {
      const res = await uploadPhoto(server.baseURL, sender.token, item.id, file)
      expect(res.status, `${file.name}: ${JSON.stringify(res.body)}`).toBe(status)
      expect(res.body).toEqual({ success: false, message, code })
      expect(await photos(), `${file.name} added a photo`).toHaveLength(count)
    }
    let count = 0
    const type = 'Photos must be JPEG, PNG or WebP images.'
    await refused(
      { name: 'notes.jpg', type: 'image/jpeg', bytes: Buffer.from('hello') },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      type,
    )
    await refused(
      {
        name: 'logo.svg',
        type: 'image/svg+xml',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      type,
    )
    const jpeg = await photoWithGps()
    await refused(
      {
        name: 'huge.jpg',
        type: 'image/jpeg',
        bytes: Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]),
      },
      413,
      'PAYLOAD_TOO_LARGE',
      'Each photo must be 20 MB or smaller.',
    )
    for (; count < 5; count++) {
      const res = await uploadPhoto(server.baseURL, sender.token, item.id, {
        name: `p${count}.jpg`,
        type: 'image/jpeg',
        bytes: jpeg,
      })
      expect(res.status).toBe(201)
    }
    await refused(
      { name: 'sixth.jpg', type: 'image/jpeg', bytes: jpeg },
      409,
      'TOO_MANY_PHOTOS',
      'An item can have at most 5 photos.',
    )
  })

  test('a sender posts an item with a photo at 360 px; the draft survives a reload', () =>
    withPage('sender', 360, async (page) => {
      await page.goto('/dashboard')
      await waitForPath(page, '/dashboard')
      await page.goto('/post-item')
      await field(page, 'Item name').fill(ITEM_NAME)
      await field(page, 'Delivery address').fill('Marienplatz 1, Munich')
      // The draft is kept on this device as it is typed: reload once it is saved.
      await expect
        .poll(() => page.evaluate(() => JSON.stringify({ ...localStorage })))
        .toContain('Marienplatz 1, Munich')
      await page.reload()
      await expect(field(page, 'Item name')).toHaveValue(ITEM_NAME)
      await expect(field(page, 'Delivery address')).toHaveValue('Marienplatz 1, Munich')

      const jpeg = await photoWithGps('#b7774a')
      const six = Array.from({ length: 6 }, (_, i) => ({
        name: `p${i}.jpg`,
        mimeType: 'image/jpeg',
        buffer: jpeg,
      }))
      await page.getByLabel('Choose photos').setInputFiles(six)
      await expect(page.getByText('An item can have at most 5 photos.')).toBeVisible()
      await expect(page.getByRole('img', { name: /^Photo \d: p\d\.jpg$/ })).toHaveCount(5)
      for (let i = 5; i > 1; i--)
        await page.getByRole('button', { name: `Remove photo ${i} (p${i - 1}.jpg)` }).click()
      await expect(page.getByRole('img', { name: /^Photo \d: / })).toHaveCount(1)

      await field(page, 'Category').selectOption({ label: 'Electronics' })
      await field(page, 'Weight (kg)').fill('4')
      await field(page, 'Length (cm)').fill('40')
      await field(page, 'Width (cm)').fill('35')
      await field(page, 'Height (cm)').fill('15')
      await pickPlace(page, 'From location', 'Berlin', 'Berlin, Germany')
      await pickPlace(page, 'To location', 'Munich', /^Munich\b.*Germany$/)
      await field(page, 'Delivery phone').fill('+49 30 1234567')
      const deadline = new Date(Date.now() + 5 * 86_400_000)
      const pad = (n: number) => String(n).padStart(2, '0')
      await field(page, 'Delivery deadline').fill(
        `${deadline.getFullYear()}-${pad(deadline.getMonth() + 1)}-${pad(deadline.getDate())}T12:00`,
      )
      await field(page, 'Your price (USD)').fill('30')
      await page.getByRole('button', { name: 'Post item' }).click()
      await page.waitForURL((url) => /^\/items\/[0-9a-f-]{36}$/.test(url.pathname))
      const img = page.getByRole('img', { name: `Photo 1 of 1 of ${ITEM_NAME}` })
      await expectImageShown(img, 'the photo shows')

      // What the server keeps has no GPS or camera tags and is at most 1600 px.
      const sender = await apiLogin(server.baseURL, 'sender@example.com')
      const itemId = new URL(page.url()).pathname.split('/').pop()
      const { data } = await apiCall(server.baseURL, sender.token, 'GET', `/api/items/${itemId}`)
      expect(
        data.item.photos.map((p: { width: number; height: number }) => [p.width, p.height]),
      ).toEqual([[1600, 1067]])
      const stored = await fetch(
        new URL(`/api/item-photos/${data.item.photos[0].id}/full`, server.baseURL),
        {
          headers: { Authorization: `Bearer ${sender.token}` },
        },
      )
      const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata()
      expect(meta.exif).toBeUndefined()
      expect(meta.width).toBe(1600)

      // A new form after posting: the draft is gone.
      await page.goto('/post-item')
      await expect(field(page, 'Item name')).toHaveValue('')
    }))

  for (const width of [1280, 360]) {
    test(`a deliverer sees the photo on the card and the item page at ${width} px`, () =>
      withPage('deliverer', width, async (page) => {
        const sender = await apiLogin(server.baseURL, 'sender@example.com')
        const admin = await apiLogin(server.baseURL, 'admin@example.com')
        const name = `${ITEM_NAME} ${width}`
        const item = await postApprovedItem(server.baseURL, sender.token, admin.token, name)
        const res = await uploadPhoto(server.baseURL, sender.token, item.id, {
          name: 'photo.jpg',
          type: 'image/jpeg',
          bytes: await photoWithGps(),
        })
        expect(res.status).toBe(201)

        await page.goto('/deliverer-dashboard')
        await waitForPath(page, '/deliverer-dashboard')
        await page.goto(BERLIN_TO_MUNICH)
        const card = page.getByRole('article', { name })
        const thumb = card.getByRole('img', { name: `Photo of ${name}` })
        await expectImageShown(thumb, 'the thumbnail shows')
        await card.getByRole('link', { name: 'View details' }).click()
        await expect(page.getByRole('img', { name: `Photo 1 of 1 of ${name}` })).toBeVisible()
      }))
  }
})

async function pickPlace(page: Page, label: string, text: string, suggestion: string | RegExp) {
  const box = page.getByRole('combobox', { name: new RegExp(`^\\s*${label}`) })
  await box.click()
  await box.pressSequentially(text, { delay: 30 })
  const option = page
    .getByRole('listbox', { name: `${label} suggestions` })
    .getByRole('option', { name: suggestion })
    .first()
  await expect(option).toBeVisible()
  await option.click()
}
