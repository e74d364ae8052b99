/** The form's summary message; announced when it appears. */
export default function FormAlert({
  message,
  tone = 'error',
}: {
  message: string | null;
  tone?: 'error' | 'success' | 'info';
}) {
  if (!message) return null;
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert alert-${tone} text-sm`}>
      <span>{message}</span>
    </div>
  );
}
