import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { PostItemForm } from '@/features/sender/post-item-form'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/post-item')({
  head: pageHead('Post New Item'),
  component: PostNewItemPage,
})

function PostNewItemPage() {
  return (
    <>
      <PageIntro title="Post New Item">
        Describe an item, where it travels and by when, and set your price for travellers to see.
      </PageIntro>
      <PostItemForm />
    </>
  )
}
