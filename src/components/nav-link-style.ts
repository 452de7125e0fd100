import type { LinkProps } from '@chakra-ui/react'

/** One entry of the sidebar's navigation; the page's own entry stands out (aria-current). */
export const navLinkStyle: LinkProps = {
  display: 'block',
  px: '3',
  py: '2',
  borderRadius: 'md',
  color: 'fg',
  textDecoration: 'none',
  _hover: { bg: 'bg.muted', textDecoration: 'none' },
  css: {
    '&[aria-current=page]': { bg: 'brand.subtle', color: 'brand.fg', fontWeight: 'semibold' },
  },
}
