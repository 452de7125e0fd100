import { Field, NativeSelect } from '@chakra-ui/react'

interface SelectOption {
  value: string
  label: string
}

interface SelectFieldProps {
  label: string
  value: string
  onValueChange: (value: string) => void
  options: readonly SelectOption[]
  /** An option with value '' (e.g. 'All statuses'); omitted when a choice is required. */
  emptyLabel?: string
  disabled?: boolean
  error?: string
  name?: string
  size?: 'sm' | 'md'
}

/** A labelled native select: native so it works with every keyboard and screen reader on phones. */
export function SelectField({
  label,
  value,
  onValueChange,
  options,
  emptyLabel,
  disabled,
  error,
  name,
  size = 'md',
}: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field
          name={name}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        >
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}

export function optionsOf(values: readonly string[], label: (value: string) => string) {
  return values.map((value) => ({ value, label: label(value) }))
}
