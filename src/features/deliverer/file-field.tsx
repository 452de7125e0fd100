import { Field, Input } from '@chakra-ui/react'
import { useId } from 'react'
import { fileAccept } from '@contract/files'
import { travelFileError } from './file-rules'

interface FileFieldProps {
  label: string
  file: File | null
  error: string | null
  /** Called with the accepted file (or null) and the rule's message when it was refused. */
  onChange: (file: File | null, error: string | null) => void
  /** The message when the choice is cleared; the travel document's by default. */
  missingMessage?: string
}

/** A labelled file input that applies the travel-document rules as soon as a file is chosen. */
export function FileField({ label, file, error, onChange, missingMessage }: FileFieldProps) {
  const id = useId()
  return (
    <Field.Root invalid={Boolean(error)} ids={{ errorText: `${id}-error` }}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="file"
        accept={fileAccept}
        p="1"
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null
          const problem = chosen
            ? travelFileError(chosen)
            : (missingMessage ?? travelFileError(null))
          // A refused file is dropped, so the submit button cannot send it.
          if (problem && chosen) event.target.value = ''
          onChange(problem ? null : chosen, problem)
        }}
      />
      {file && !error && <Field.HelperText>Chosen: {file.name}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
