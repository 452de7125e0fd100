import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { PostItemForm } from '@/features/sender/post-item-form'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/post-item')({
  head: pageHead('Post new item'),
  component: PostNewItemPage,
})

function PostNewItemPage() {
  return (
    <>
      <PageIntro title="Post new item">
        Describe an item, where it travels and by when, and set your price for deliverers to see.
      </PageIntro>
      <PostItemForm />
    </>
  )
}
