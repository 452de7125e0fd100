import { useRouterState } from '@tanstack/react-router'
import { NoticeBanner } from '@/components/notice-banner'
import { rolePlural } from '@/lib/role-names'

/** After requireRole turned the user away: says why they are on their home page instead. */
export function WrongRoleNotice() {
  const pageFor = useRouterState({ select: (state) => state.location.state.pageFor })
  if (!pageFor) return null
  return (
    <NoticeBanner role="status">
      The page you opened is for {rolePlural[pageFor]} only, so here is your own dashboard.
    </NoticeBanner>
  )
}
