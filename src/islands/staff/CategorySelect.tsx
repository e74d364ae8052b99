/** An article's or event's category, chosen among the desk's (hidden ones too), as the form's `categoryId`. */
export default function CategorySelect({
  label,
  categories,
  value,
  onChange,
  className = 'flex flex-col',
}: {
  label: string;
  categories: readonly { categoryId: number; name: string }[];
  value: string;
  onChange: (categoryId: string) => void;
  /** The cell's class in the form's grid. */
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor="field-categoryId" className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select
        id="field-categoryId"
        name="categoryId"
        className="select select-bordered w-full"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {categories.map((category) => (
          <option key={category.categoryId} value={String(category.categoryId)}>
            {category.name}
          </option>
        ))}
      </select>
    </div>
  );
}
