import { Box, Button, chakra, Stack } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { serverFieldErrors, type FieldErrors } from '@/lib/validation'
import { useCreateItemMutation } from './api'
import {
  emptyItemForm,
  normaliseFieldErrors,
  parseCreateItem,
  type ItemFormValues,
} from './item-form'
import { ItemFormFields } from './item-form-fields'

export function PostItemForm() {
  const navigate = useNavigate()
  const create = useCreateItemMutation()
  const [values, setValues] = useState<ItemFormValues>(emptyItemForm)
  const [errors, setErrors] = useState<FieldErrors>({})

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseCreateItem(values)
    if (!parsed.ok) return setErrors(parsed.errors)
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: (item) => void navigate({ to: '/items/$id', params: { id: item.id } }),
      onError: (error) => setErrors(normaliseFieldErrors(serverFieldErrors(error))),
    })
  }

  const hasErrors = Object.keys(errors).length > 0
  return (
    <chakra.form
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
        <ItemFormFields
          values={values}
          errors={errors}
          onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
        />
        <Box>
          <Button
            type="submit"
            colorPalette="brand"
            loading={create.isPending}
            loadingText="Posting..."
          >
            Post Item
          </Button>
        </Box>
      </Stack>
    </chakra.form>
  )
}
