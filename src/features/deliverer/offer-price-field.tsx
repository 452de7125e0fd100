import { Field, Input, InputGroup } from '@chakra-ui/react'
import { formatPrice } from '@/lib/format'
import { sanitisePriceInput } from '@/lib/price-input'

interface OfferPriceFieldProps {
  value: string
  senderPrice: number
  onChange: (value: string) => void
}

export function OfferPriceField({ value, senderPrice, onChange }: OfferPriceFieldProps) {
  return (
    <Field.Root>
      <Field.Label>Your offer price (optional)</Field.Label>
      <InputGroup startElement="$">
        <Input
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => onChange(sanitisePriceInput(event.target.value))}
        />
      </InputGroup>
      <Field.HelperText>
        Leave empty to offer the sender&apos;s price of {formatPrice(senderPrice)}.
      </Field.HelperText>
    </Field.Root>
  )
}
