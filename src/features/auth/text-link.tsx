import { Link } from '@chakra-ui/react'
import { Link as RouterLink, type LinkProps } from '@tanstack/react-router'

/** An in-app link styled as text, in the brand colour (AA on white). */
export function TextLink(props: LinkProps & { children: React.ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" textDecoration="underline">
      <RouterLink {...props} />
    </Link>
  )
}
