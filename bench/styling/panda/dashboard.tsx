import { css, cx } from '../styled-system/css'
import { badge, button, heading, link, stat } from '../styled-system/recipes'
import { cardMeta, counters, latestItems, stageBadge } from '../dashboard-data'
import { BellIcon, MenuIcon } from '@/components/icons'

/**
 * The same page as ../chakra/dashboard.tsx, element for element and prop for prop, with the
 * class names Panda wrote into the CSS file at build time: Chakra's props become css() objects,
 * its components their recipes (the app's own, from src/components/ui/system.ts), Stack and HStack
 * their flex styles. Nothing here computes a style while rendering.
 */

/** Badge palettes by name: Panda extracts only what it can read, so each is written out. */
const palettes: Record<string, string> = {
  gray: css({ colorPalette: 'gray' }),
  yellow: css({ colorPalette: 'yellow' }),
  orange: css({ colorPalette: 'orange' }),
  red: css({ colorPalette: 'red' }),
  blue: css({ colorPalette: 'blue' }),
  purple: css({ colorPalette: 'purple' }),
  green: css({ colorPalette: 'green' }),
}

const iconButton = cx(
  button({ variant: 'ghost' }),
  css({ px: '0', py: '0', _icon: { fontSize: '1.2em' } }),
)
const statRecipe = stat()

export function PandaDashboard() {
  return (
    <div
      className={css({
        display: 'flex',
        minH: '100dvh',
        flexDirection: { base: 'row', mdDown: 'column' },
        bg: 'bg.subtle',
      })}
    >
      <a
        href="#main"
        className={css({
          position: 'absolute',
          left: '2',
          top: '-20',
          zIndex: 'skipNav',
          bg: 'brand.solid',
          color: 'brand.contrast',
          display: 'inline-flex',
          alignItems: 'center',
          minH: '11',
          px: '4',
          py: '2',
          borderRadius: 'md',
          fontWeight: 'semibold',
          _focus: { top: '2' },
        })}
      >
        Skip to main content
      </a>
      <header
        className={css({
          display: 'flex',
          hideFrom: 'md',
          alignItems: 'center',
          gap: '2',
          px: '3',
          py: '2',
          bg: 'bg',
          borderBottomWidth: '1px',
          position: 'sticky',
          top: '0',
          zIndex: 'sticky',
        })}
      >
        <button type="button" aria-label="Open menu" aria-haspopup="dialog" className={iconButton}>
          <MenuIcon />
        </button>
        <p className={css({ fontSize: 'lg', fontWeight: 'bold', color: 'brand.fg', flex: '1' })}>
          Tote
        </p>
        <a
          type="button"
          href="/notifications"
          aria-label="Notifications"
          className={cx(iconButton, css({ position: 'relative' }))}
        >
          <BellIcon />
        </a>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={css({
          flex: '1',
          minW: '0',
          px: { base: '4', md: '8' },
          py: { base: '5', md: '8' },
        })}
      >
        <div className={css({ maxW: '6xl', mx: 'auto' })}>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', mb: '6' })}>
            <h1 className={heading({ size: '2xl' })}>Dashboard</h1>
            <p className={css({ color: 'fg.muted' })}>
              An overview of the items you have posted and how their deliveries are going.
            </p>
          </div>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
            <div
              className={css({
                display: 'flex',
                flexDirection: 'row',
                alignItems: 'center',
                justifyContent: 'flex-end',
                gap: '0.5rem',
              })}
            >
              <a
                type="button"
                href="/post-item"
                className={cx(button({ size: 'md' }), css({ colorPalette: 'brand' }))}
              >
                Post new item
              </a>
            </div>
            <section
              aria-label="Your items by status"
              className={css({
                display: 'grid',
                gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 1fr)' },
                gap: '3',
              })}
            >
              {counters.map((c) => (
                <dl
                  key={c.label}
                  className={cx(
                    statRecipe.root,
                    css({
                      position: 'relative',
                      '& a[href]:not(.chakra-linkbox__overlay), abbr[title]': {
                        position: 'relative',
                        zIndex: 1,
                      },
                      borderWidth: '1px',
                      borderRadius: 'lg',
                      p: '4',
                      bg: 'bg',
                      _hover: { borderColor: 'brand.solid' },
                    }),
                  )}
                >
                  <dt className={statRecipe.label}>
                    <a
                      href={c.status ? `/items?status=${c.status}` : '/items'}
                      className={cx(
                        'chakra-linkbox__overlay',
                        css({
                          position: 'static',
                          _before: {
                            content: "''",
                            cursor: 'inherit',
                            display: 'block',
                            position: 'absolute',
                            top: 0,
                            left: 0,
                            zIndex: 0,
                            width: '100%',
                            height: '100%',
                          },
                        }),
                      )}
                    >
                      {c.label}
                    </a>
                  </dt>
                  <dd className={statRecipe.valueText}>{c.value}</dd>
                </dl>
              ))}
            </section>
            <section aria-labelledby="latest-items">
              <h2 id="latest-items" className={cx(heading({ size: 'md' }), css({ mb: '3' }))}>
                Latest items
              </h2>
              <ul
                aria-label="Latest items"
                className={css({
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '3',
                  listStyleType: 'none',
                })}
              >
                {latestItems.map((item) => {
                  const stage = stageBadge(item)
                  return (
                    <li
                      key={item.id}
                      className={css({
                        display: 'flex',
                        flexDirection: 'column',
                        gap: '2',
                        bg: 'bg',
                        borderWidth: '1px',
                        rounded: 'md',
                        p: '3',
                      })}
                    >
                      <div
                        className={css({
                          display: 'flex',
                          flexDirection: 'row',
                          justifyContent: 'space-between',
                          alignItems: 'start',
                          gap: '2',
                        })}
                      >
                        <h3
                          className={cx(
                            heading({ size: 'sm' }),
                            css({ minW: '0', overflowWrap: 'anywhere' }),
                          )}
                        >
                          <a
                            href={`/items/${item.id}`}
                            className={cx(link(), css({ color: 'brand.fg' }))}
                          >
                            {item.name}
                          </a>
                        </h3>
                        <span className={cx(badge({ variant: 'subtle' }), palettes[stage.palette])}>
                          {stage.label}
                        </span>
                      </div>
                      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{cardMeta(item)}</p>
                    </li>
                  )
                })}
              </ul>
            </section>
          </div>
        </div>
      </main>
    </div>
  )
}
