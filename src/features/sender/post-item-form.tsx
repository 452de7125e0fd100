import { Box, Button, chakra, List, Stack, Text } from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { clearDraft, loadDraft, saveDraft } from '@/lib/form-draft'
import { focusFirstInvalid } from '@/lib/focus-first-invalid'
import { useSession } from '@/lib/use-session'
import { serverFieldErrors, type FieldErrors } from '@/lib/validation'
import { useCreateItemMutation } from './api'
import {
  normaliseFieldErrors,
  parseCreateItem,
  restoreItemForm,
  withoutFixedErrors,
  type ItemFormValues,
} from './item-form'
import { ItemFormFields } from './item-form-fields'
import { PhotoPicker } from './photo-picker'
import { useUploadPhotosMutation, type PhotoFailure } from './photos-api'

const POST_ITEM_DRAFT = 'post-item'

/** Posted, but some photos were refused: the item exists, so the form is not offered again. */
function PhotosRefused({ itemId, failures }: { itemId: string; failures: PhotoFailure[] }) {
  return (
    <Stack
      gap="4"
      maxW="2xl"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
    >
      <FormAlert status="error">
        Your item was posted, but {failures.length === 1 ? 'a photo' : 'some photos'} could not be
        added.
      </FormAlert>
      <List.Root ps="5">
        {failures.map((f, i) => (
          <List.Item key={i}>
            <Text as="span" fontWeight="semibold">
              {f.name}:
            </Text>{' '}
            {f.message}
          </List.Item>
        ))}
      </List.Root>
      <Box>
        <Button asChild colorPalette="brand">
          <Link to="/items/$id" params={{ id: itemId }}>
            View your item
          </Link>
        </Button>
      </Box>
    </Stack>
  )
}

export function PostItemForm() {
  const navigate = useNavigate()
  const userId = useSession()?.user.id
  const create = useCreateItemMutation()
  const uploads = useUploadPhotosMutation()
  // The draft of this user, kept across reloads (photos are not: files cannot be stored here).
  const [values, setValues] = useState<ItemFormValues>(() =>
    restoreItemForm(loadDraft(POST_ITEM_DRAFT, userId)),
  )
  const [errors, setErrors] = useState<FieldErrors>({})
  // Counts refused submits: each one moves focus to the first field in error, once rendered.
  const [refusals, setRefusals] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current)
  }, [refusals])
  const [photos, setPhotos] = useState<File[]>([])
  const [photoError, setPhotoError] = useState<string | undefined>()
  const [refused, setRefused] = useState<{ itemId: string; failures: PhotoFailure[] } | null>(null)

  useEffect(() => {
    saveDraft(POST_ITEM_DRAFT, userId, values)
  }, [userId, values])

  function onChange(patch: Partial<ItemFormValues>) {
    const next = { ...values, ...patch }
    setValues(next)
    setErrors((prev) => withoutFixedErrors(prev, next, Object.keys(patch)))
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseCreateItem(values)
    if (!parsed.ok) {
      setErrors(parsed.errors)
      setRefusals((n) => n + 1)
      return
    }
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: async (item) => {
        clearDraft(POST_ITEM_DRAFT, userId)
        const failures = photos.length
          ? await uploads.mutateAsync({ itemId: item.id, files: photos })
          : []
        if (failures.length) return setRefused({ itemId: item.id, failures })
        void navigate({ to: '/items/$id', params: { id: item.id } })
      },
      onError: (error) => {
        setErrors(normaliseFieldErrors(serverFieldErrors(error)))
        setRefusals((n) => n + 1)
      },
    })
  }

  if (refused) return <PhotosRefused {...refused} />
  const hasErrors = Object.keys(errors).length > 0
  return (
    <chakra.form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      maxW="2xl"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
    >
      <Stack gap="5">
        <ErrorAlert error={create.error} fallback="Failed to post item" />
        {hasErrors && !create.isError && (
          <FormAlert status="error">Please correct the highlighted fields.</FormAlert>
        )}
        <ItemFormFields values={values} errors={errors} onChange={onChange} />
        <PhotoPicker
          files={photos}
          error={photoError}
          onChange={(files, error) => {
            setPhotos(files)
            setPhotoError(error)
          }}
        />
        <Box>
          <Button
            type="submit"
            colorPalette="brand"
            loading={create.isPending || uploads.isPending}
            loadingText={uploads.isPending ? 'Uploading photos...' : 'Posting...'}
          >
            Post item
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  )
}
