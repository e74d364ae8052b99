/** A desk form's yes-or-no field (pinned, listed on the site) as a labelled checkbox. */
export default function FormCheck({
  form,
  name,
  label,
}: {
  form: { values: Record<string, unknown>; set: (field: string, value: boolean) => void };
  name: string;
  label: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2">
      <input
        type="checkbox"
        name={name}
        className="checkbox"
        checked={form.values[name] === true}
        onChange={(e) => form.set(name, e.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
