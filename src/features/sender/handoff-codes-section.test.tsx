import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TimelineEntry } from '@contract/handoffs'
import type { Item } from '@contract/items'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { makeItem } from '@/test/items'
import {
  DELIVERY_JWS,
  handoffCodesHandler,
  ITEM_ID,
  senderBase,
  withPendingRequest,
} from '@/test/sender-fixtures'
import { keepShownCodes } from './api'

const accepted = (overrides: Partial<Item> = {}) =>
  makeItem({
    ...withPendingRequest,
    request_status: 'accepted',
    status: 'ready_to_pickup',
    agreed_price: 30,
    deliverer_phone: '+1 555 0199',
    recipient_email: 'rita@example.com',
    pickup: {
      address: 'Front desk, 1 Main St',
      instructions: 'Weekdays 9-17',
      phone: '+1 555 0100',
      sender_name: 'Sam Sender',
    },
    timeline: [
      {
        step: 'accepted',
        at: '2026-11-20T09:00:00Z',
        recorded_at: '2026-11-20T09:00:00Z',
        location: null,
        photo_url: null,
        proof: 'none',
        reason: null,
      },
    ],
    ...overrides,
  })

const path = `/items/${ITEM_ID}`

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the sender’s handoff codes', { timeout: 15_000 }, () => {
  it('shows the pickup code as a named QR code with its six digits, and the deliverer’s phone', async () => {
    storeSession('sender')
    server.use(...senderBase(accepted()))
    renderApp(path)
    const section = await screen.findByRole('region', { name: 'Handoff codes' })
    const pickup = await within(section).findByRole('article', { name: 'Pickup code' })
    expect(within(pickup).getByText('Show this at pickup')).toBeInTheDocument()
    const qr = within(pickup).getByRole('img', { name: 'Pickup QR code for Desk lamp' })
    expect(qr.tagName.toLowerCase()).toBe('svg')
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h\d+/)
    expect(within(pickup).getByText('123 456')).toBeInTheDocument()
    expect(within(pickup).getByText('Pickup short code: 1 2 3 4 5 6')).toBeInTheDocument()
    expect(within(pickup).getByText('Not used yet')).toBeInTheDocument()
    expect(within(section).getByRole('link', { name: '+1 555 0199' })).toHaveAttribute(
      'href',
      'tel:+15550199',
    )
    const delivery = within(section).getByRole('article', { name: 'Delivery code' })
    expect(within(delivery).getByText('654 321')).toBeInTheDocument()
    expect(delivery).toHaveTextContent('We sent rita@example.com a link to it.')
    // The pickup details the sender entered.
    expect(screen.getByText('Front desk, 1 Main St')).toBeInTheDocument()
    expect(screen.getByText('Weekdays 9-17')).toBeInTheDocument()
  })

  it('copies the delivery code when the browser cannot share, and says so', async () => {
    storeSession('sender')
    server.use(...senderBase(accepted()))
    const { user } = renderApp(path)
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: navigator.clipboard })
    const share = await screen.findByRole('button', { name: 'Share with the recipient' })
    await user.click(share)
    expect(await screen.findByText('Copied to clipboard!')).toBeInTheDocument()
    const copied = await navigator.clipboard.readText()
    expect(copied).toContain('Your delivery code for Desk lamp: 654 321.')
    expect(copied).toContain(DELIVERY_JWS)
  })

  it('shares the delivery code through the share sheet where there is one', async () => {
    storeSession('sender')
    server.use(...senderBase(accepted()))
    const { user } = renderApp(path)
    const shareSpy = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, share: shareSpy, clipboard: navigator.clipboard })
    await user.click(await screen.findByRole('button', { name: 'Share with the recipient' }))
    expect(shareSpy).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Delivery code for Desk lamp',
        text: expect.stringContaining('654 321') as string,
      }),
    )
    expect(screen.queryByText('Copied to clipboard!')).toBeNull()
  })

  it('says when the pickup code was used and no longer shows it', async () => {
    storeSession('sender')
    // Before senderBase: msw takes the first handler that matches.
    server.use(
      handoffCodesHandler('2026-11-21T10:00:00Z'),
      ...senderBase(accepted({ status: 'in_process' })),
    )
    renderApp(path)
    const pickup = await screen.findByRole('article', { name: 'Pickup code' })
    expect(within(pickup).getByText(/^Used /)).toBeInTheDocument()
    expect(within(pickup).queryByRole('img')).toBeNull()
  })

  it('shows no codes before a request is accepted', async () => {
    storeSession('sender')
    server.use(...senderBase(makeItem(withPendingRequest)))
    renderApp(path)
    expect(await screen.findByText('Dana Deliverer')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Handoff codes' })).toBeNull()
  })

  it('keeps the QR code already shown when a refetch signs the same code again', () => {
    const shown = {
      pickup: { code: 'first', short_code: '123456', used_at: null },
      delivery: { code: 'first-d', short_code: '654321', used_at: null },
    }
    const next = {
      pickup: { code: 'second', short_code: '123456', used_at: '2026-11-21T10:00:00Z' },
      delivery: { code: 'other', short_code: '111111', used_at: null },
    }
    expect(keepShownCodes(shown, next)).toEqual({
      pickup: { code: 'first', short_code: '123456', used_at: '2026-11-21T10:00:00Z' },
      delivery: next.delivery,
    })
  })
})

describe('the handoff timeline', { timeout: 15_000 }, () => {
  const entry = (e: Partial<TimelineEntry> & Pick<TimelineEntry, 'step'>): TimelineEntry => ({
    at: '2026-11-21T10:00:00Z',
    recorded_at: '2026-11-21T10:00:00Z',
    location: null,
    photo_url: null,
    proof: 'none',
    reason: null,
    ...e,
  })

  it('tells when, how and where each step happened', async () => {
    storeSession('sender')
    const item = accepted({
      status: 'delivered',
      timeline: [
        entry({
          step: 'accepted',
          at: '2026-11-20T09:00:00Z',
          recorded_at: '2026-11-20T09:00:00Z',
        }),
        entry({
          step: 'picked_up',
          at: '2026-11-21T10:00:00Z',
          // The phone was offline for an hour.
          recorded_at: '2026-11-21T11:00:00Z',
          proof: 'short_code',
          location: { lat: 52.52, lng: 13.405, accuracy_m: 12.4 },
        }),
        entry({ step: 'delivered', proof: 'admin', reason: 'The sender’s phone was broken' }),
      ],
    })
    server.use(handoffCodesHandler('2026-11-21T10:00:00Z'), ...senderBase(item))
    renderApp(path)
    const timeline = await screen.findByRole('region', { name: 'Handoff timeline' })
    const steps = within(timeline).getAllByRole('listitem')
    expect(steps).toHaveLength(3)
    expect(steps[0]).toHaveTextContent('Accepted')
    expect(steps[0]).toHaveTextContent('You accepted the request and paid')
    expect(steps[1]).toHaveTextContent('Picked up')
    expect(steps[1]).toHaveTextContent('Proven with the six digits of your pickup code')
    expect(steps[1]).toHaveTextContent(/reached Tote/)
    expect(steps[1]).toHaveTextContent('(within 12 m)')
    expect(within(steps[1]!).getByRole('link', { name: /pickup place on a map/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=52.52000&mlon=13.40500#map=17/52.52000/13.40500',
    )
    expect(steps[2]).toHaveTextContent(
      'No code: an admin allowed this step. Reason: The sender’s phone was broken',
    )
    expect(steps[2]).not.toHaveTextContent(/reached Tote/)
  })

  it('marks the steps still ahead', async () => {
    storeSession('sender')
    server.use(...senderBase(accepted()))
    renderApp(path)
    const timeline = await screen.findByRole('region', { name: 'Handoff timeline' })
    const steps = within(timeline).getAllByRole('listitem')
    expect(steps[1]).toHaveTextContent('Picked up — not yet')
    expect(steps[2]).toHaveTextContent('Delivered — not yet')
  })
})
