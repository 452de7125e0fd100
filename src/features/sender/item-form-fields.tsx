import {
  Checkbox,
  Field,
  Fieldset,
  Grid,
  Input,
  InputGroup,
  NativeSelect,
  Stack,
  Textarea,
} from '@chakra-ui/react'
import { categories } from '@contract/items'
import { FormField } from '@/components/form-field'
import { MapLocationPicker } from '@/components/map-location-picker'
import { TextareaField } from '@/components/textarea-field'
import type { FieldErrors } from '@/lib/validation'
import { sanitisePriceInput } from '@/lib/price-input'
import { type ItemFormValues } from './item-form'

/** The form's fields that hold text as typed (numbers too, until they are parsed). */
type TextField = {
  [K in keyof ItemFormValues]: ItemFormValues[K] extends string ? K : never
}[keyof ItemFormValues]

interface ItemFormFieldsProps {
  values: ItemFormValues
  errors: FieldErrors
  onChange: (patch: Partial<ItemFormValues>) => void
}

function TextArea({
  label,
  name,
  value,
  error,
  onValueChange,
}: {
  label: string
  name: string
  value: string
  error?: string
  onValueChange: (value: string) => void
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Textarea name={name} value={value} onChange={(e) => onValueChange(e.target.value)} />
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}

/** Every item field of docs/spec.md section 3; shared by Post new item and the Edit item dialog. */
export function ItemFormFields({ values, errors, onChange }: ItemFormFieldsProps) {
  const set = (field: keyof ItemFormValues) => (value: string) => onChange({ [field]: value })
  /** A text field's name, value, change and error, which every field of the form wires alike. */
  const text = (field: TextField) => ({
    name: field,
    value: values[field],
    onValueChange: set(field),
    error: errors[field],
  })
  return (
    <Stack gap="5">
      <FormField label="Item name" {...text('name')} required />
      <Field.Root invalid={Boolean(errors.category)} required>
        <Field.Label>
          Category
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="category"
            value={values.category}
            onChange={(e) => onChange({ category: e.target.value as ItemFormValues['category'] })}
          >
            <option value="">Select a category</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c[0]?.toUpperCase() + c.slice(1)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.category}</Field.ErrorText>
      </Field.Root>
      <TextArea label="Description" {...text('description')} />

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Specifications</Fieldset.Legend>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" mt="2">
          <FormField
            label="Quantity"
            {...text('quantity')}
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            required
          />
          <FormField
            label="Weight (kg)"
            {...text('weight')}
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            required
          />
        </Grid>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4" mt="4">
          <FormField
            label="Length (cm)"
            {...text('length')}
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            required
          />
          <FormField
            label="Width (cm)"
            {...text('width')}
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            required
          />
          <FormField
            label="Height (cm)"
            {...text('height')}
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            required
          />
        </Grid>
        <Checkbox.Root
          mt="4"
          checked={values.is_fragile}
          onCheckedChange={(d) => onChange({ is_fragile: d.checked === true })}
        >
          <Checkbox.HiddenInput name="is_fragile" />
          <Checkbox.Control />
          <Checkbox.Label>Fragile</Checkbox.Label>
        </Checkbox.Root>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Delivery</Fieldset.Legend>
        <Stack gap="4" mt="2">
          <MapLocationPicker
            label="From location"
            pointName="the pickup point"
            value={values.from_location}
            onChange={(from_location) => onChange({ from_location })}
            error={errors.from_location}
            required
          />
          <MapLocationPicker
            label="To location"
            pointName="the drop-off point"
            value={values.to_location}
            onChange={(to_location) => onChange({ to_location })}
            error={errors.to_location}
            required
          />
          <FormField
            label="Delivery phone"
            {...text('delivery_phone')}
            type="tel"
            autoComplete="tel"
            required
          />
          <FormField
            label="Delivery address"
            {...text('delivery_address')}
            autoComplete="street-address"
            required
          />
          <FormField
            label="Delivery deadline"
            {...text('delivery_deadline')}
            type="datetime-local"
            required
          />
          <TextArea label="Special instructions" {...text('special_instructions')} />
        </Stack>
      </Fieldset.Root>

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Pickup and recipient</Fieldset.Legend>
        <Fieldset.HelperText color="fg.muted">
          Optional. Only the deliverer you accept sees the pickup details, once you have paid.
        </Fieldset.HelperText>
        <Stack gap="4" mt="2">
          <FormField
            label="Pickup address"
            {...text('pickup_address')}
            autoComplete="street-address"
            helperText="Street and number where the deliverer collects the item"
          />
          <TextareaField
            label="Pickup instructions"
            {...text('pickup_instructions')}
            rows={2}
            helperText='Instructions or a time window, e.g. "Weekdays 9:00-17:00, ring twice"'
          />
          <FormField
            label="Pickup phone"
            {...text('pickup_phone')}
            type="tel"
            autoComplete="tel"
            helperText="Whom the deliverer calls at the pickup"
          />
          <FormField
            label="Recipient e-mail"
            {...text('recipient_email')}
            type="email"
            autoComplete="off"
            helperText="The recipient gets a link to their delivery code once you accept a deliverer (no account needed)"
          />
        </Stack>
      </Fieldset.Root>

      <Field.Root invalid={Boolean(errors.sender_price)} required>
        <Field.Label>
          Your price (USD)
          <Field.RequiredIndicator />
        </Field.Label>
        <InputGroup startElement="$">
          <Input
            name="sender_price"
            inputMode="decimal"
            value={values.sender_price}
            onChange={(e) => onChange({ sender_price: sanitisePriceInput(e.target.value) })}
          />
        </InputGroup>
        <Field.ErrorText>{errors.sender_price}</Field.ErrorText>
      </Field.Root>
    </Stack>
  )
}
