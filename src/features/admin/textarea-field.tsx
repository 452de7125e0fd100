import { Field, Textarea } from '@chakra-ui/react'

interface TextareaFieldProps {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  helperText?: string
  required?: boolean
  rows?: number
}

export function TextareaField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  required,
  rows = 4,
}: TextareaFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        name={name}
        value={value}
        rows={rows}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
