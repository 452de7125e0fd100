import { SelectField } from './select-field'

const adminPageSizes = [10, 25, 50] as const

/** The admin lists' 'Per page' choice, shown beside the pager's buttons. */
export function PageSizeSelect({
  value,
  onChange,
}: {
  value: number
  onChange: (perPage: number) => void
}) {
  return (
    <div>
      <SelectField
        label="Per page"
        size="sm"
        value={String(value)}
        onValueChange={(next) => onChange(Number(next))}
        options={adminPageSizes.map((size) => ({ value: String(size), label: String(size) }))}
      />
    </div>
  )
}
