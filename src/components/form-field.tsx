import { Field, Input } from '@chakra-ui/react'
import { useId, type ComponentProps } from 'react'

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange'>

interface FormFieldProps extends InputProps {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  helperText?: string
}

/** A labelled input whose helper and error texts are tied to it (aria-describedby) by Field. */
export function FormField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  required,
  ...inputProps
}: FormFieldProps) {
  const id = useId()
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` }
  // Field links the error only through aria-errormessage, which few screen readers announce.
  const describedBy = [error && ids.errorText, helperText && ids.helperText]
    .filter(Boolean)
    .join(' ')
  return (
    <Field.Root invalid={Boolean(error)} required={required} ids={ids}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...inputProps}
        aria-describedby={describedBy || undefined}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
