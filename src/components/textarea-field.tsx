import { Textarea } from '@chakra-ui/react'
import { FieldFrame, type ValueProps } from './form-field'

/** A labelled multi-line text box. */
export function TextareaField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  required,
  rows = 4,
}: ValueProps & { required?: boolean; rows?: number }) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={required}>
      {(describedBy) => (
        <Textarea
          name={name}
          value={value}
          rows={rows}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  )
}
