import { Field, Input } from '@chakra-ui/react'
import { useId, type ComponentProps, type ReactNode } from 'react'

interface FrameProps {
  label: string
  error?: string
  helperText?: string
  required?: boolean
  /** The control, given the ids it must name in aria-describedby. */
  children: (describedBy: string | undefined) => ReactNode
}

/** Label, helper and error of one control, tied to it (aria-describedby) by Field. */
export function FieldFrame({ label, error, helperText, required, children }: FrameProps) {
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
      {children(describedBy || undefined)}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

export interface ValueProps {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string
  helperText?: string
}

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'onChange'>

/** A labelled input. */
export function FormField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  required,
  ...inputProps
}: ValueProps & InputProps) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required}>
      {(describedBy) => (
        <Input
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          {...inputProps}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  )
}
