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

/** Every item field of docs/spec.md section 3; shared by Post New Item and the Edit Item dialog. */
export function ItemFormFields({ values, errors, onChange }: ItemFormFieldsProps) {
  const set = (field: keyof ItemFormValues) => (value: string) => onChange({ [field]: value })
  return (
    <Stack gap="5">
      <FormField
        label="Item name"
        name="name"
        value={values.name}
        onValueChange={set('name')}
        error={errors.name}
        required
      />
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
      <TextArea
        label="Description"
        name="description"
        value={values.description}
        error={errors.description}
        onValueChange={set('description')}
      />

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">Specifications</Fieldset.Legend>
        <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4" mt="2">
          <FormField
            label="Quantity"
            name="quantity"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            value={values.quantity}
            onValueChange={set('quantity')}
            error={errors.quantity}
            required
          />
          <FormField
            label="Weight (kg)"
            name="weight"
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            value={values.weight}
            onValueChange={set('weight')}
            error={errors.weight}
            required
          />
        </Grid>
        <Grid templateColumns={{ base: '1fr', sm: 'repeat(3, 1fr)' }} gap="4" mt="4">
          <FormField
            label="Length (cm)"
            name="length"
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            value={values.length}
            onValueChange={set('length')}
            error={errors.length}
            required
          />
          <FormField
            label="Width (cm)"
            name="width"
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            value={values.width}
            onValueChange={set('width')}
            error={errors.width}
            required
          />
          <FormField
            label="Height (cm)"
            name="height"
            type="number"
            min={0}
            step={0.1}
            inputMode="decimal"
            value={values.height}
            onValueChange={set('height')}
            error={errors.height}
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
            value={values.from_location}
            onChange={(from_location) => onChange({ from_location })}
            error={errors.from_location}
            required
          />
          <MapLocationPicker
            label="To location"
            value={values.to_location}
            onChange={(to_location) => onChange({ to_location })}
            error={errors.to_location}
            required
          />
          <FormField
            label="Delivery phone"
            name="delivery_phone"
            type="tel"
            autoComplete="tel"
            value={values.delivery_phone}
            onValueChange={set('delivery_phone')}
            error={errors.delivery_phone}
            required
          />
          <FormField
            label="Delivery address"
            name="delivery_address"
            autoComplete="street-address"
            value={values.delivery_address}
            onValueChange={set('delivery_address')}
            error={errors.delivery_address}
            required
          />
          <FormField
            label="Delivery deadline"
            name="delivery_deadline"
            type="datetime-local"
            value={values.delivery_deadline}
            onValueChange={set('delivery_deadline')}
            error={errors.delivery_deadline}
            required
          />
          <TextArea
            label="Special instructions"
            name="special_instructions"
            value={values.special_instructions}
            error={errors.special_instructions}
            onValueChange={set('special_instructions')}
          />
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
            name="pickup_address"
            autoComplete="street-address"
            helperText="Street and number where the deliverer collects the item"
            value={values.pickup_address}
            onValueChange={set('pickup_address')}
            error={errors.pickup_address}
          />
          <TextareaField
            label="Pickup instructions"
            name="pickup_instructions"
            rows={2}
            helperText='Instructions or a time window, e.g. "Weekdays 9:00-17:00, ring twice"'
            value={values.pickup_instructions}
            onValueChange={set('pickup_instructions')}
            error={errors.pickup_instructions}
          />
          <FormField
            label="Pickup phone"
            name="pickup_phone"
            type="tel"
            autoComplete="tel"
            helperText="Whom the deliverer calls at the pickup"
            value={values.pickup_phone}
            onValueChange={set('pickup_phone')}
            error={errors.pickup_phone}
          />
          <FormField
            label="Recipient e-mail"
            name="recipient_email"
            type="email"
            autoComplete="off"
            helperText="The recipient gets a link to their delivery code once you accept a deliverer (no account needed)"
            value={values.recipient_email}
            onValueChange={set('recipient_email')}
            error={errors.recipient_email}
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
