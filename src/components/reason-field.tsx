import { Textarea } from '@chakra-ui/react'
import { FieldFrame } from './form-field'

interface ReasonFieldProps {
  label: string
  /** Who reads it, said under the field ("The deliverer will see this."). */
  audience: string
  value: string
  max: number
  error?: string
  required?: boolean
  onChange: (value: string) => void
}

/** Why someone declines or leaves a delivery: a labelled text area with what is left to write. */
export function ReasonField({
  label,
  audience,
  value,
  max,
  error,
  required,
  onChange,
}: ReasonFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      required={required}
      helperText={`${audience} ${value.length}/${max} characters.`}
    >
      {(describedBy) => (
        <Textarea
          name="reason"
          value={value}
          rows={3}
          maxLength={max}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  )
}
